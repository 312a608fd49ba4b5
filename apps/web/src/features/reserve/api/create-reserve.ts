import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createReserve, type CreateReserveBody } from '@evcharge/api/reserves/reserves';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { stationKeyPrefix } from '@/lib/station-query';
import { reserveKeys } from './reserve-keys';

/**
 * POST /reserve/create answers once the charge point has held the connector (OCPP ReserveNow)
 * for the quick one; the client waits past the server's OCPP call time-out (30 s) for its answer.
 */
const CREATE_REQUEST_TIMEOUT_MS = 75_000;

/** Money may move (the fee, a card hold): one Idempotency-Key per intent, as a start has. */
export function useCreateReserveMutation(stationId: string) {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: CreateReserveBody) =>
      apiRequest(createReserve, { body, timeoutMs: CREATE_REQUEST_TIMEOUT_MS, idempotencyKey: intent.keyFor(body) }),
    onSettled: (_reservation, error) => intent.settled(error),
    onSuccess: (reservation) => {
      client.setQueryData(reserveKeys.one(reservation.id), reservation);
      void client.invalidateQueries({ queryKey: reserveKeys.all, predicate: (query) => query.queryKey[3] !== reservation.id });
      void client.invalidateQueries({ queryKey: reserveKeys.history });
      void client.invalidateQueries({ queryKey: stationKeyPrefix(stationId) });
    },
  });
}
