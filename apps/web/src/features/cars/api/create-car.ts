import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Car, CarBody } from '@evcharge/api/cars/car-schemas';
import { createCar } from '@evcharge/api/cars/cars';
import { apiRequest } from '@/lib/api-client';
import { carsQueryKey } from '@/lib/cars-query';

// POST /car: the new car joins the list at once; the list is read again to be sure.
export function useCreateCarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CarBody) => apiRequest(createCar, { body }),
    onSuccess: (car) => {
      client.setQueryData<Car[]>(carsQueryKey, (cars) => (cars ? [...cars, car] : cars));
      void client.invalidateQueries({ queryKey: carsQueryKey });
    },
  });
}
