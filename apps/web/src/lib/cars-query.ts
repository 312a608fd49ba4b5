import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { listCars } from '@evcharge/api/cars/cars';
import { apiRequest } from './api-client';
import { staleTime, userQueryKey } from './query-client';

// The driver's cars (SPEC §2 cars), read by the cars screen and by precharging, which offers
// them for the estimate and the start. Shared here, since features do not import each other.

/** Every query about the driver's cars starts with this key; a change to a car refreshes them. */
export const carsQueryKey = [...userQueryKey, 'cars'] as const;

/** GET /cars: the driver's cars, oldest first as the server keeps them. */
export const carsQueryOptions = () =>
  queryOptions({
    queryKey: carsQueryKey,
    queryFn: async ({ signal }) => (await apiRequest(listCars, { signal })).items,
    staleTime: staleTime.user,
  });

export function useCarsQuery() {
  return useQuery(carsQueryOptions());
}

/** The car a driver most likely has with them: the one they updated last. */
export function latestCar(cars: readonly Car[]): Car | undefined {
  return cars.reduce<Car | undefined>((latest, car) => (!latest || Date.parse(car.updatedAt) > Date.parse(latest.updatedAt) ? car : latest), undefined);
}
