import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import type { ChargingProfile } from '@evcharge/domain/charging';
import { apiRequest } from '@/lib/api-client';
import { chargeKeys, chargeStaleTime } from '@/lib/charge-query';
import type { ApiLimit } from '../model/limit-form';

/**
 * `carId`: the driver's car, whose battery and charging power the estimate then uses.
 * `loyaltyCardId`: the loyalty card to use; omitted for the driver's default one, null for none.
 */
export type PlanBody = { connectorId: string; limit: ApiLimit; profile: ChargingProfile; carId?: string; loyaltyCardId?: string | null };

// POST /charge/plan: the estimate for the limit typed (the caller debounces the typing).
export const planChargeQueryOptions = (body: PlanBody) =>
  queryOptions({
    queryKey: [...chargeKeys.all, 'plan', body],
    queryFn: ({ signal }) => apiRequest(planCharge, { body, signal }),
    staleTime: chargeStaleTime.session,
  });

/** Keeps the last estimate on screen while the next one loads. */
export function usePlanChargeQuery(body: PlanBody | null) {
  return useQuery({
    ...planChargeQueryOptions(body ?? { connectorId: '', limit: { mode: 'none', value: null }, profile: 'fast' }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
