import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { recordChargeEvent } from './events';
import { finishSession } from './finish';
import { checkIdTag } from './id-tags';
import { closeWithoutStop } from './close-without-stop';
import { completeReservation } from './hold-repo';
import { startColumns } from './start-clock';
import { findStartPlace, updateSessionFrom, type PlacedSession } from './repo';
import type { ChargeDeps } from './start';
import { startByTag, startedOffline } from './tag-start';

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
  const started = await updateSessionFrom(deps.db, session.id, ['preparing'], {
    status: 'charging',
    ...startColumns(params, new Date(), session.createdAt),
    rfidTagId:
      tag?.status === 'Accepted' ? (tag.rfidTagId ?? session.rfidTagId) : session.rfidTagId,
  });
  if (!started) return refused('ConcurrentTx');
  // Started on the driver's reservation: it stops holding, and costing, now.
  if (started.reservationId)
    await completeReservation(deps.db, started.reservationId, started.startedAt ?? new Date());
  await recordChargeEvent(deps, started, 'started');
  return accepted(started.transactionId);
}

/**
 * OCPP 1.6 §4.8: a transaction starts on a connector, for the app's session or a tag. A start
 * that reaches us late (queued while the charge point was offline) is still a start: the charge
 * point began it already, so it is decided by the same rules and billed from its own meter.
 */
export async function startTransaction(
  deps: ChargeDeps,
  from: ChargePointSender,
  params: OCPP16.StartTransactionRequest,
): Promise<Answer> {
  const { db } = deps;
  // The connector, a session this same start began, the connector's active one: one read.
  const timestamp = new Date(params.timestamp);
  const place = await findStartPlace(
    db,
    from.stationId,
    params.connectorId,
    Number.isFinite(timestamp.getTime()) ? timestamp : undefined,
    params.meterStart,
  );
  if (!place) {
    from.log.warn({ connectorId: params.connectorId }, 'StartTransaction on an unknown connector');
    return refused('Invalid');
  }
  const { connectorId, active } = place;
  // The same StartTransaction again (its answer was lost with the socket, or the queue sent it
  // twice): the same answer, whatever became of its session since.
  if (place.repeatedTransactionId !== null) return accepted(place.repeatedTransactionId);
  if (active) {
    if (active.status === 'preparing') return attach(deps, active, params);
    // A new transaction here means the old one ended without us hearing of it (its
    // StopTransaction was lost, or the car left while parking): end it as it stands.
    from.log.warn(
      { transactionId: active.transactionId },
      'session superseded by a new transaction',
    );
    if (active.status === 'parking') {
      const at = startColumns(params, new Date()).startedAt;
      await finishSession(deps, active, {
        chargingEndedAt: active.parkingStartedAt ?? at,
        energyWh: active.energyWh,
        meterStopWh: active.meterStopWh,
        stopReason: active.stopReason ?? 'Local',
        parkingEndedAt: at,
      });
    } else {
      // Its StopTransaction may still come (a queue replayed late): then its meter wins.
      await closeWithoutStop(deps, active, 'noStop', from.log);
    }
  }
  // A driver's RFID tag: the rules of a start from the app decide (tag-start.ts).
  const answer = await startByTag(
    deps,
    from.stationId,
    connectorId,
    params,
    startedOffline(from, params),
  );
  if (answer.status === 'Accepted' && answer.transactionId !== undefined) {
    const done = accepted(answer.transactionId);
    // The idTagInfo updates the charge point's authorization cache too (OCPP 1.6 §3.5.2).
    if (answer.expiryDate) done.idTagInfo.expiryDate = answer.expiryDate;
    return done;
  }
  // Started offline and refused now: kept and billed, and the charge point told to stop it.
  if (answer.status !== 'Accepted' && answer.transactionId !== undefined)
    return { transactionId: answer.transactionId, idTagInfo: { status: answer.status } };
  return refused(answer.status === 'Accepted' ? 'Invalid' : answer.status);
}
