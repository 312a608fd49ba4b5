import type { ConnectorStatus } from '@evcharge/domain/connector-status';

/**
 * A driver can start a session on a connector that is free, or in OCPP Preparing: a cable
 * plugged in before anyone authorised the session (the station waits for a start).
 */
export function canStartCharging(status: ConnectorStatus): boolean {
  return status === 'available' || status === 'preparing';
}
