import { queryOptions, useQuery } from '@tanstack/react-query';
import { carCatalogueContract } from '@evcharge/api/cars/cars';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-client';

/** The catalogue changes with a release, not while a driver looks at it. */
const CATALOGUE_STALE_TIME = 60 * 60_000;

export type CatalogueModel = { id: string; make: string; model: string; batteryKwh: number; maxAcKw: number; maxDcKw: number };

// GET /cars/all: makes and models with battery and charging power, for the form and the list.
export const carCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: [...userQueryKey, 'car-catalogue'],
    queryFn: async ({ signal }): Promise<CatalogueModel[]> => (await apiRequest(carCatalogueContract, { signal })).items,
    staleTime: CATALOGUE_STALE_TIME,
  });

export function useCarCatalogueQuery() {
  return useQuery(carCatalogueQueryOptions());
}

/** "Kia EV6 (77 kWh)" */
export function modelName(model: Pick<CatalogueModel, 'make' | 'model'>): string {
  return `${model.make} ${model.model}`;
}
