import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartChargeBody } from '@evcharge/api/sessions/charge-schemas';
import { startCharge } from '@evcharge/api/sessions/start-charge';
import { track } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { chargeKeys, storeCharge } from '@/lib/charge-query';

/**
 * PUT /charge answers once the charge point has accepted the remote start, which the server
 * waits up to its OCPP call time-out (30 s) for; the client waits longer so that the server's
 * own answer (START_TIMEOUT, COMMAND_REJECTED) arrives rather than a client-side time-out.
 */
const START_REQUEST_TIMEOUT_MS = 75_000;

export function useStartChargeMutation() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: StartChargeBody) =>
      apiRequest(startCharge, { body, timeoutMs: START_REQUEST_TIMEOUT_MS, idempotencyKey: intent.keyFor(body) }),
    onSettled: (_charge, error) => intent.settled(error),
    onSuccess: (charge) => {
      // SPEC §1 counter: the funnel's third step.
      track('chargeStarted');
      storeCharge(client, charge);
      void client.invalidateQueries({ queryKey: chargeKeys.all });
    },
    // A start that failed may still have left a session (an answer lost on the way back):
    // the screen's "open session" notice reads the list again.
    onError: () => void client.invalidateQueries({ queryKey: chargeKeys.current }),
  });
}
