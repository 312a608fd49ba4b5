import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { followConnectorStatus } from './connector-follow';
import type { IdTagInfo } from './id-tags';
import { recordMeterValues } from './meter-values';
import type { ChargeDeps } from './start';
import { authorizeIdTag } from './tag-start';
import { startTransaction } from './transaction-start';
import { stopTransaction } from './transaction-stop';

/**
 * What a charge point's transport tells the sessions module (OCPP 1.6 §4: Authorize,
 * StartTransaction, MeterValues, StopTransaction, and a connector's status while a session
 * runs on it). app.ts hands these to the OCPP server.
 */
export type SessionChargePointEvents = {
  authorize(from: ChargePointSender, idTag: string): Promise<IdTagInfo>;
  startTransaction(
    from: ChargePointSender,
    request: OCPP16.StartTransactionRequest,
  ): Promise<OCPP16.StartTransactionResponse>;
  meterValues(from: ChargePointSender, request: OCPP16.MeterValuesRequest): Promise<void>;
  stopTransaction(
    from: ChargePointSender,
    request: OCPP16.StopTransactionRequest,
  ): Promise<OCPP16.StopTransactionResponse>;
  sessionConnectorStatus(
    from: ChargePointSender,
    connectorId: string,
    status: OCPP16.StatusNotificationRequest['status'],
    at: Date,
  ): Promise<void>;
};

export function sessionChargePointEvents(deps: ChargeDeps): SessionChargePointEvents {
  return {
    authorize: (from, idTag) => authorizeIdTag(deps, from, idTag),
    startTransaction: (from, request) => startTransaction(deps, from, request),
    meterValues: (from, request) => recordMeterValues(deps, from, request),
    stopTransaction: (from, request) => stopTransaction(deps, from, request),
    sessionConnectorStatus: (from, connectorId, status, at) =>
      followConnectorStatus(deps, from, connectorId, status, at),
  };
}
