import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chargeSummary } from '@evcharge/api/sessions/list-charges';
import { apiRequest } from '@/lib/api-client';
import { chargeKeys, chargeStaleTime } from '@/lib/charge-query';
import { monthRange, type Month } from '../model/month';

// GET /charges/summary: the month's totals of finished sessions and energy per day.
export const chargeSummaryQueryOptions = (month: Month) => {
  const query = monthRange(month);
  return queryOptions({
    queryKey: [...chargeKeys.all, 'summary', query],
    queryFn: ({ signal }) => apiRequest(chargeSummary, { query, signal }),
    staleTime: chargeStaleTime.history,
  });
};

/** Keeps the last month on screen while the next one loads. */
export function useChargeSummaryQuery(month: Month) {
  return useQuery({ ...chargeSummaryQueryOptions(month), placeholderData: keepPreviousData });
}
