import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { recordChargeEvent } from './events';
import { finishSession } from './finish';
import { checkIdTag } from './id-tags';
import { findActiveSession, findConnectorId, updateSessionFrom, type PlacedSession } from './repo';
import type { ChargeDeps } from './start';
import { startByTag } from './tag-start';

type Answer = OCPP16.StartTransactionResponse;
type TagStatus = Answer['idTagInfo']['status'];

/**
 * OCPP 1.6 §4.8 needs a transactionId even when the idTag is refused; the charge point then
 * stops (StopTransactionOnInvalidId) and sends a StopTransaction for it. Identity columns
 * start at 1, so 0 never names a session, and every message about it is answered and ignored.
 */
export const REFUSED_TRANSACTION_ID = 0;

const accepted = (transactionId: number): Answer => ({
  transactionId,
  idTagInfo: { status: 'Accepted' },
});
const refused = (status: TagStatus): Answer => ({
  transactionId: REFUSED_TRANSACTION_ID,
  idTagInfo: { status },
});

// A session the app prepared (PUT /charge, then RemoteStartTransaction) gets the transaction.
async function attach(
  deps: ChargeDeps,
  session: PlacedSession,
  params: OCPP16.StartTransactionRequest,
) {
  const isOwnStart = session.idTag !== null && params.idTag === session.idTag;
  const tag = isOwnStart ? undefined : await checkIdTag(deps.db, params.idTag);
  // Another driver's tag at a connector held for someone: not theirs to take over.
  if (tag && (tag.status !== 'Accepted' || tag.userId !== session.userId))
    return refused(tag.status === 'Accepted' ? 'ConcurrentTx' : tag.status);
  const startedAt = new Date(params.timestamp);
  const started = await updateSessionFrom(deps.db, session.id, ['preparing'], {
    status: 'charging',
    meterStartWh: params.meterStart,
    startedAt,
    lastEnergyAt: startedAt,
    rfidTagId:
      tag?.status === 'Accepted' ? (tag.rfidTagId ?? session.rfidTagId) : session.rfidTagId,
  });
  if (!started) return refused('ConcurrentTx');
  await recordChargeEvent(deps, started, 'started');
  return accepted(started.transactionId);
}

/** OCPP 1.6 §4.8: a transaction starts on a connector, for the app's session or a tag. */
export async function startTransaction(
  deps: ChargeDeps,
  from: ChargePointSender,
  params: OCPP16.StartTransactionRequest,
): Promise<Answer> {
  const { db } = deps;
  const connectorId = await findConnectorId(db, from.stationId, params.connectorId);
  if (!connectorId) {
    from.log.warn({ connectorId: params.connectorId }, 'StartTransaction on an unknown connector');
    return refused('Invalid');
  }
  const active = await findActiveSession(db, connectorId);
  if (active) {
    // The same StartTransaction again (its answer was lost with the socket): same answer.
    const isRepeat =
      active.startedAt?.getTime() === Date.parse(params.timestamp) &&
      active.meterStartWh === params.meterStart;
    if (isRepeat) return accepted(active.transactionId);
    if (active.status === 'preparing') return attach(deps, active, params);
    // A new transaction here means the old one ended without us hearing of it (its
    // StopTransaction was lost, or the car left while parking): end it as it stands.
    from.log.warn(
      { transactionId: active.transactionId },
      'session superseded by a new transaction',
    );
    const at = new Date(params.timestamp);
    await finishSession(deps, active, {
      chargingEndedAt: active.parkingStartedAt ?? at,
      energyWh: active.energyWh,
      meterStopWh: active.meterStopWh,
      stopReason: active.stopReason ?? 'Superseded',
      parkingEndedAt: active.status === 'parking' ? at : undefined,
    });
  }
  // A driver's RFID tag: the rules of a start from the app decide (tag-start.ts).
  const answer = await startByTag(deps, from.stationId, connectorId, params);
  return answer.status === 'Accepted' && answer.transactionId !== undefined
    ? accepted(answer.transactionId)
    : refused(answer.status === 'Accepted' ? 'Invalid' : answer.status);
}
