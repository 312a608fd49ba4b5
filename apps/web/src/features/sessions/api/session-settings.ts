import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkChargeTimeout,
  setRemainingTime,
  setUserClosedStatus,
} from '@evcharge/api/sessions/session-settings';
import { apiRequest } from '@/lib/api-client';
import { chargeKeys, storeCharge } from '@/lib/charge-query';

/** How often a starting session asks whether the car has begun to draw. */
const START_CHECK_INTERVAL_MS = 10_000;

// GET /charges/check/{id}/timeout while a start waits for the car: seconds left, and the
// session cancelled (at no charge) once it is overdue. The answer's session goes to the cache.
export function useStartTimeoutQuery(transactionId: number, isEnabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...chargeKeys.all, 'timeout', transactionId],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(checkChargeTimeout, { params: { transactionId }, signal });
      storeCharge(client, answer.charge);
      return answer;
    },
    enabled: isEnabled,
    staleTime: 0,
    refetchInterval: START_CHECK_INTERVAL_MS,
  });
}

// PUT /charge/set_remaining_time: "stop in N minutes" becomes a time limit.
export function useSetRemainingTimeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { transactionId: number; minutes: number }) => apiRequest(setRemainingTime, { body: input }),
    onSuccess: (charge) => storeCharge(client, charge),
  });
}

// PUT /charge/change/user-closed-status/true: the driver has read the finished session's
// summary; it leaves the open sessions (GET /charge) and stays in the history.
export function useCloseChargeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      apiRequest(setUserClosedStatus, { params: { flag: 'true' }, body: { transactionId } }),
    onSuccess: (_answer, transactionId) => {
      client.setQueryData<{ transactionId: number }[]>(chargeKeys.current, (items) =>
        items?.filter((item) => item.transactionId !== transactionId),
      );
      void client.invalidateQueries({ queryKey: chargeKeys.all });
    },
  });
}
