import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';
import { apiRequest } from '@/lib/api-client';
import { chargeKeys, storeCharge } from '@/lib/charge-query';

/** Like a start, a stop waits for the charge point's answer (RemoteStopTransaction). */
const STOP_REQUEST_TIMEOUT_MS = 75_000;

// PUT /charge/stop. On a refusal (STOP_FAILED) the session goes on: the screen reads it again
// so that it shows what the station really does.
export function useStopChargeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) =>
      apiRequest(stopCharge, { body: { transactionId }, timeoutMs: STOP_REQUEST_TIMEOUT_MS }),
    onSuccess: (charge) => storeCharge(client, charge),
    onError: (_error, transactionId) => {
      void client.invalidateQueries({ queryKey: chargeKeys.current });
      void client.invalidateQueries({ queryKey: chargeKeys.detail(transactionId) });
    },
  });
}
