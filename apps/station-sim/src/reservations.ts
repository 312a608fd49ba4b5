// ReserveNow and CancelReservation (OCPP 1.6 §5.13, §5.1): a connector held for one tag until
// it starts there or the reservation expires.
import type { OCPP16 } from 'typed-ocpp';
import { refreshStatus, type StationContext } from './context';
import { activeFault, type Connector } from './connector';

function release(ctx: StationContext, connector: Connector): void {
  ctx.clock.clear(connector.reservation?.expiryTimer);
  connector.reservation = undefined;
  refreshStatus(ctx, connector);
}

function reserveNow(
  ctx: StationContext,
  params: OCPP16.ReserveNowRequest,
): OCPP16.ReserveNowResponse {
  // ReserveConnectorZeroSupported is false.
  const connector = params.connectorId === 0 ? undefined : ctx.connectors[params.connectorId - 1];
  if (!connector) return { status: 'Rejected' };
  if (activeFault(connector, ctx.isEmergency)) return { status: 'Faulted' };
  if (connector.isInoperative) return { status: 'Unavailable' };
  const held = connector.reservation;
  if (
    connector.transaction ||
    connector.car ||
    connector.pendingStart ||
    (held && held.reservationId !== params.reservationId)
  ) {
    return { status: 'Occupied' };
  }
  // The same reservation id elsewhere is replaced.
  for (const other of ctx.connectors) {
    if (other !== connector && other.reservation?.reservationId === params.reservationId)
      setImmediate(() => release(ctx, other));
  }
  ctx.clock.clear(held?.expiryTimer);
  const { reservationId, idTag, parentIdTag } = params;
  const expiryTimer = ctx.clock.setTimeout(
    () => {
      if (connector.reservation?.reservationId !== reservationId) return;
      ctx.log(`connector ${connector.id}: reservation ${reservationId} expired`);
      release(ctx, connector);
    },
    Math.max(0, Date.parse(params.expiryDate) - ctx.clock.now()),
  );
  connector.reservation = { reservationId, idTag, parentIdTag, expiryTimer };
  setImmediate(() => refreshStatus(ctx, connector));
  return { status: 'Accepted' };
}

function cancelReservation(
  ctx: StationContext,
  params: OCPP16.CancelReservationRequest,
): OCPP16.CancelReservationResponse {
  const connector = ctx.connectors.find(
    (c) => c.reservation?.reservationId === params.reservationId,
  );
  if (!connector) return { status: 'Rejected' };
  setImmediate(() => release(ctx, connector));
  return { status: 'Accepted' };
}

export const reservationCommands = {
  ReserveNow: reserveNow,
  CancelReservation: cancelReservation,
};
