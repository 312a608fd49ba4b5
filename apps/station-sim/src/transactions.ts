// Transactions on a connector: start, meter samples, stop; plugging and unplugging the car.
import type { OCPP16 } from 'typed-ocpp';
import { createCar, type Car } from './car';
import { refreshStatus, stampNow, updateConnector, type StationContext } from './context';
import { whole, type Connector, type StopReason, type Transaction } from './connector';
import { meterValuesPayload, readMeter, stopTransactionPayload } from './messages';
import { sendMeterValuesAfterStop } from './meter-faults';

type StartTransactionResult = OCPP16.StartTransactionResponse;

export function startTransaction(
  ctx: StationContext,
  connector: Connector,
  idTag: string,
  reservationId?: number,
): Transaction {
  updateConnector(ctx, connector);
  clearPendingStart(ctx, connector);
  if (connector.reservation) {
    ctx.clock.clear(connector.reservation.expiryTimer);
    connector.reservation = undefined;
  }
  const tx: Transaction = {
    localId: ctx.nextLocalTxId++,
    idTag,
    startedAtMs: ctx.clock.now(),
    startStampMs: stampNow(ctx),
    meterStartWh: whole(connector.meterWh),
    reservationId,
  };
  connector.transaction = tx;
  connector.isFinishing = false;
  // Charging again: the demo car stays (until this transaction ends or fills it).
  cancelDeparture(ctx, connector);
  pushStartTransaction(ctx, connector, tx);
  tx.meterTimer = startMeterTimer(ctx, connector, tx);
  ensureTicking(ctx);
  ctx.events.emit('transactionStarted', {
    connectorId: connector.id,
    localId: tx.localId,
    idTag,
    meterStartWh: tx.meterStartWh,
  });
  refreshStatus(ctx, connector);
  return tx;
}

function pushStartTransaction(ctx: StationContext, connector: Connector, tx: Transaction): void {
  if (ctx.faults.loseStartTransactions > 0) {
    ctx.faults.loseStartTransactions--;
    ctx.log(
      `connector ${connector.id}: StartTransaction of ${tx.idTag} lost (fault, ${ctx.faults.loseStartTransactions} more to lose)`,
    );
    return;
  }
  const { idTag, reservationId } = tx;
  ctx.outbox.push({
    action: 'StartTransaction',
    isTransactionMessage: true,
    transactionKey: tx.localId,
    build: () => ({
      connectorId: connector.id,
      idTag,
      meterStart: tx.meterStartWh,
      timestamp: new Date(tx.startStampMs).toISOString(),
      ...(reservationId === undefined ? {} : { reservationId }),
    }),
    onResult: (result) => {
      const { transactionId, idTagInfo } = result as StartTransactionResult;
      tx.transactionId = transactionId;
      ctx.events.emit('transactionAccepted', {
        connectorId: connector.id,
        localId: tx.localId,
        transactionId,
        idTagStatus: idTagInfo.status,
      });
      // StopTransactionOnInvalidId (OCPP 1.6 §9.1): the tag was refused after a local start.
      if (idTagInfo.status !== 'Accepted' && connector.transaction === tx)
        stopTransaction(ctx, connector, 'DeAuthorized');
    },
  });
}

/** Ends the running transaction; with `isUnplugging` the car leaves too (no Finishing in between). */
export function stopTransaction(
  ctx: StationContext,
  connector: Connector,
  reason: StopReason,
  isUnplugging = false,
): boolean {
  const tx = connector.transaction;
  if (!tx) return false;
  updateConnector(ctx, connector);
  ctx.clock.clear(tx.meterTimer);
  const reading = readMeter(connector);
  const stoppedAtMs = stampNow(ctx);
  connector.transaction = undefined;
  connector.powerW = 0;
  if (isUnplugging) connector.car = undefined;
  connector.isFinishing = Boolean(connector.car);
  // A TxProfile lives as long as its transaction (OCPP 1.6 §3.13.2).
  ctx.profiles = ctx.profiles.filter(
    (p) => !(p.connectorId === connector.id && p.profile.chargingProfilePurpose === 'TxProfile'),
  );
  if (connector.scheduledInoperative !== undefined) {
    connector.isInoperative = connector.scheduledInoperative;
    connector.scheduledInoperative = undefined;
  }
  if (ctx.faults.loseStopTransactions > 0) {
    ctx.faults.loseStopTransactions--;
    ctx.log(
      `connector ${connector.id}: StopTransaction of transaction ${tx.transactionId ?? `#${tx.localId}`} lost (fault, ${ctx.faults.loseStopTransactions} more to lose)`,
    );
  } else {
    ctx.outbox.push({
      action: 'StopTransaction',
      isTransactionMessage: true,
      transactionKey: tx.localId,
      build: () =>
        tx.transactionId === undefined
          ? undefined
          : stopTransactionPayload({
              transactionId: tx.transactionId,
              idTag: tx.idTag,
              reason,
              startedAtMs: tx.startStampMs,
              meterStartWh: tx.meterStartWh,
              stoppedAtMs,
              reading,
            }),
    });
  }
  sendMeterValuesAfterStop(ctx, connector, tx, reading);
  ctx.events.emit('transactionStopped', {
    connectorId: connector.id,
    localId: tx.localId,
    transactionId: tx.transactionId,
    meterStopWh: reading.energyWh,
    reason,
  });
  refreshStatus(ctx, connector);
  scheduleDeparture(ctx, connector);
  return true;
}

/** A MeterValues message: for the running transaction, or the bare register (TriggerMessage). */
export function sampleMeter(
  ctx: StationContext,
  connector: Connector,
  context: 'Sample.Periodic' | 'Trigger' = 'Sample.Periodic',
): void {
  refreshStatus(ctx, connector);
  const tx = connector.transaction;
  const reading = readMeter(connector);
  const stampMs = stampNow(ctx);
  ctx.events.emit('meterValues', {
    connectorId: connector.id,
    transactionId: tx?.transactionId,
    ...reading,
  });
  ctx.outbox.push({
    action: 'MeterValues',
    isTransactionMessage: Boolean(tx),
    transactionKey: tx?.localId,
    build: () => {
      if (tx && tx.transactionId === undefined) return undefined;
      return meterValuesPayload(connector.id, tx?.transactionId, reading, context, stampMs);
    },
  });
}

function startMeterTimer(ctx: StationContext, connector: Connector, tx: Transaction) {
  // MeterValueSampleInterval 0 turns sampling off (OCPP 1.6 §9.1).
  if (ctx.meterIntervalMs <= 0) return undefined;
  return ctx.clock.setInterval(() => {
    if (connector.transaction === tx) sampleMeter(ctx, connector);
  }, ctx.meterIntervalMs);
}

/** After MeterValueSampleInterval changed. */
export function restartMeterTimers(ctx: StationContext): void {
  for (const connector of ctx.connectors) {
    const tx = connector.transaction;
    if (!tx) continue;
    ctx.clock.clear(tx.meterTimer);
    tx.meterTimer = startMeterTimer(ctx, connector, tx);
  }
}

/** The physics step: SoC, energy and power move on; statuses follow (Charging ⇄ SuspendedEV/EVSE). */
export function ensureTicking(ctx: StationContext): void {
  if (ctx.timers.tick !== undefined || ctx.isClosed) return;
  ctx.timers.tick = ctx.clock.setInterval(() => {
    for (const connector of ctx.connectors) {
      refreshStatus(ctx, connector);
      scheduleDeparture(ctx, connector);
    }
  }, ctx.settings.tickMs);
}

/**
 * The demo car's driver comes back `autoUnplugAfterMs` after charging ended (the transaction
 * stopped, or the car got full while it runs) and drives off: the connector becomes Available,
 * which ends a parked session on the central system. Counted from the end of charging, not
 * from the stop: a car that sat full for a while before a remote stop leaves soon after it.
 */
function scheduleDeparture(ctx: StationContext, connector: Connector): void {
  const { car } = connector;
  const afterMs = ctx.settings.autoUnplugAfterMs;
  if (!car || !connector.isCarLeavingByItself || afterMs === undefined || ctx.isClosed) return;
  if (connector.departureTimer !== undefined) return;
  const hasChargingEnded = connector.transaction ? car.socPercent >= 100 : connector.isFinishing;
  if (!hasChargingEnded) return;
  connector.departureTimer = ctx.clock.setTimeout(() => {
    connector.departureTimer = undefined;
    if (connector.car !== car) return;
    ctx.log(`connector ${connector.id}: the demo car drives off`);
    unplug(ctx, connector);
  }, afterMs);
}

function cancelDeparture(ctx: StationContext, connector: Connector): void {
  ctx.clock.clear(connector.departureTimer);
  connector.departureTimer = undefined;
}

/** `leavesByItself`: the station's own demo car (auto-plug), which drives off after charging. */
export function plug(
  ctx: StationContext,
  connector: Connector,
  car?: Partial<Car>,
  { leavesByItself = false } = {},
): void {
  if (connector.car) throw new Error(`connector ${connector.id} already has a car plugged in`);
  connector.car = createCar(car);
  connector.isFinishing = false;
  connector.isCarLeavingByItself = leavesByItself;
  connector.lastUpdateMs = ctx.clock.now();
  ctx.log(
    `connector ${connector.id}: car plugged in (SoC ${connector.car.socPercent} %, ${connector.car.batteryKwh} kWh)`,
  );
  refreshStatus(ctx, connector);
  const pending = connector.pendingStart;
  if (pending && connector.transaction === undefined)
    startTransaction(ctx, connector, pending.idTag, pending.reservationId);
}

export function unplug(ctx: StationContext, connector: Connector): void {
  if (!connector.car) return;
  // StopTransactionOnEVSideDisconnect is true: pulling the cable ends the transaction.
  stopTransaction(ctx, connector, 'EVDisconnected', true);
  connector.car = undefined;
  connector.isFinishing = false;
  connector.isCarLeavingByItself = false;
  cancelDeparture(ctx, connector);
  ctx.log(`connector ${connector.id}: car unplugged`);
  refreshStatus(ctx, connector);
}

/**
 * Authorized without a car: wait for the cable for ConnectionTimeOut seconds (OCPP 1.6 §9.1),
 * then give up and go back to Available.
 */
export function awaitCable(
  ctx: StationContext,
  connector: Connector,
  idTag: string,
  reservationId?: number,
): void {
  clearPendingStart(ctx, connector);
  const expiryTimer = ctx.clock.setTimeout(() => {
    if (connector.pendingStart?.idTag !== idTag) return;
    ctx.log(
      `connector ${connector.id}: no cable within ${ctx.connectionTimeoutSeconds} s, authorization for ${idTag} expired`,
    );
    connector.pendingStart = undefined;
    refreshStatus(ctx, connector);
  }, ctx.connectionTimeoutSeconds * 1000);
  connector.pendingStart = { idTag, reservationId, expiryTimer };
  refreshStatus(ctx, connector);
}

export function clearPendingStart(ctx: StationContext, connector: Connector): void {
  if (!connector.pendingStart) return;
  ctx.clock.clear(connector.pendingStart.expiryTimer);
  connector.pendingStart = undefined;
}
