import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelReserve, type Reservation } from '@evcharge/api/reserves/reserves';
import { apiRequest } from '@/lib/api-client';
import { stationKeyPrefix } from '@/lib/station-query';
import { reserveKeys } from './reserve-keys';

// SPEC §7 DELETE /reserve/{id}/now/{x}: x is the reserved connector. Free before it begins;
// after, the fixed cost and the minutes held.
export function useCancelReserveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reservation: Reservation) =>
      apiRequest(cancelReserve, { params: { id: reservation.id, x: reservation.connectorId } }),
    onSuccess: (reservation) => {
      client.setQueryData(reserveKeys.one(reservation.id), reservation);
      void client.invalidateQueries({ queryKey: reserveKeys.list });
      void client.invalidateQueries({ queryKey: reserveKeys.connector(reservation.connectorId) });
      void client.invalidateQueries({ queryKey: reserveKeys.history });
      void client.invalidateQueries({ queryKey: stationKeyPrefix(reservation.stationId) });
    },
  });
}
