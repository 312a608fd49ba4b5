import { CHARGE_POLL_SECONDS, subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import { apiRequest } from '@/lib/api-client';
import type { PollAnswer } from '../model/charge-poll';

/** The server holds a poll up to CHARGE_POLL_SECONDS; the client gives it that and a margin. */
const POLL_REQUEST_TIMEOUT_MS = (CHARGE_POLL_SECONDS + 15) * 1000;

// GET /charges/subscribe/0/{cursor}: events of all the driver's sessions after the cursor.
export function fetchChargeEvents(cursor: number, signal: AbortSignal): Promise<PollAnswer> {
  return apiRequest(subscribeCharges, {
    params: { transactionId: 0, cursor },
    query: { wait: CHARGE_POLL_SECONDS },
    signal,
    timeoutMs: POLL_REQUEST_TIMEOUT_MS,
  });
}
