import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { deleteCar } from '@evcharge/api/cars/cars';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { carsQueryKey } from '@/lib/cars-query';

async function deleteCarRequest(id: string): Promise<void> {
  try {
    await apiRequest(deleteCar, { params: { id } });
  } catch (error) {
    // Gone already (another tab): what the driver asked for is true.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

// DELETE /car/{id}, after the driver confirmed it.
export function useDeleteCarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCarRequest,
    onSuccess: (_answer, id) => {
      client.setQueryData<Car[]>(carsQueryKey, (cars) => cars?.filter((car) => car.Id !== id));
      void client.invalidateQueries({ queryKey: carsQueryKey });
    },
  });
}
