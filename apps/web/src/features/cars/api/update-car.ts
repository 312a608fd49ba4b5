import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Car, CarBody } from '@evcharge/api/cars/car-schemas';
import { updateCar } from '@evcharge/api/cars/cars';
import { apiRequest } from '@/lib/api-client';
import { carsQueryKey } from '@/lib/cars-query';

// PUT /car/{Id}: the whole car as the form has it (the server keeps nothing it is not sent).
export function useUpdateCarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CarBody }) => apiRequest(updateCar, { params: { Id: id }, body }),
    onSuccess: (car) => {
      client.setQueryData<Car[]>(carsQueryKey, (cars) => cars?.map((item) => (item.Id === car.Id ? car : item)));
      void client.invalidateQueries({ queryKey: carsQueryKey });
    },
  });
}
