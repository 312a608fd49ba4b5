import type { ConnectorStatus } from '@evcharge/domain/connector-status';

/**
 * A driver can start a session on a connector that is free, or in OCPP Preparing: a cable
 * plugged in before anyone authorised the session (the station waits for a start).
 */
export function canStartCharging(status: ConnectorStatus): boolean {
  return status === 'available' || status === 'preparing';
}

type ConnectorHold = { status: ConnectorStatus; reservedUntil: string | null; isReservedByMe: boolean };

/**
 * SPEC §4 Reserved: a connector held by someone else's reservation takes no start; the
 * driver who reserved it starts there (the charge point holds it for them, OCPP 1.6 §5.13).
 */
export function canStartOnConnector(connector: ConnectorHold): boolean {
  if (connector.isReservedByMe) return canStartCharging(connector.status) || connector.status === 'reserved';
  if (connector.reservedUntil !== null) return false;
  return canStartCharging(connector.status);
}

/** A reservation can be made on a free connector; the driver's own opens it instead. */
export function canReserve(connector: ConnectorHold): boolean {
  return connector.reservedUntil === null && connector.status === 'available';
}
