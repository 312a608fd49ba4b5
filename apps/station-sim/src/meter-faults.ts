// The energy meter misbehaving on purpose (faults.ts): MeterValues that go on after a stop,
// a register that falls back to 0, and one that jumps ahead.
import { stampNow, updateConnector, type StationContext } from './context';
import { whole, type Connector, type Transaction } from './connector';
import { meterValuesPayload, type MeterReading } from './messages';

/** What the phantom register climbs at when the car drew nothing just before the stop. */
export const idleAfterStopPowerW = 1000;

/**
 * `faults.meterValuesAfterStop` more MeterValues for a stopped transaction, one per
 * MeterValueSampleInterval (none while sampling is off), timestamped when each is made. The
 * register climbs from meterStop at the power drawn just before the stop (or
 * `idleAfterStopPowerW`); the connector's own register stays where it is.
 */
export function sendMeterValuesAfterStop(
  ctx: StationContext,
  connector: Connector,
  tx: Transaction,
  stopReading: MeterReading,
): void {
  const count = ctx.faults.meterValuesAfterStop;
  const intervalMs = ctx.meterIntervalMs;
  if (count <= 0 || intervalMs <= 0 || ctx.isClosed) return;
  const powerW = stopReading.powerW > 0 ? stopReading.powerW : idleAfterStopPowerW;
  let sent = 0;
  const timer = ctx.clock.setInterval(() => {
    sent++;
    if (sent >= count) {
      ctx.clock.clear(timer);
      ctx.afterStopTimers.delete(timer);
    }
    const reading: MeterReading = {
      energyWh: stopReading.energyWh + whole((powerW * sent * intervalMs) / 3_600_000),
      powerW,
      socPercent: stopReading.socPercent,
    };
    const stampMs = stampNow(ctx);
    ctx.log(
      `connector ${connector.id}: MeterValues ${sent}/${count} after the stop of transaction ${tx.transactionId ?? `#${tx.localId}`} (fault)`,
    );
    ctx.events.emit('meterValues', {
      connectorId: connector.id,
      transactionId: tx.transactionId,
      ...reading,
    });
    ctx.outbox.push({
      action: 'MeterValues',
      isTransactionMessage: true,
      transactionKey: tx.localId,
      build: () =>
        tx.transactionId === undefined
          ? undefined
          : meterValuesPayload(connector.id, tx.transactionId, reading, 'Sample.Periodic', stampMs),
    });
  }, intervalMs);
  ctx.afterStopTimers.add(timer);
}

/**
 * A firmware or meter reset: the register falls to 0 and counts on from there. A running
 * transaction keeps its meterStart, so its next readings and its meterStop are below it.
 */
export function resetMeter(ctx: StationContext, connector: Connector): void {
  updateConnector(ctx, connector);
  ctx.log(
    `connector ${connector.id}: energy register reset from ${whole(connector.meterWh)} Wh to 0 (fault)`,
  );
  connector.meterWh = 0;
}

/**
 * A faulty meter: the register jumps by `wh` at once (a glitch, a wrong scale, a tampered
 * meter) and counts on from there. The next readings and the meterStop carry it, as such a
 * meter's would; a central system must not bill energy no connector could deliver.
 */
export function jumpMeter(ctx: StationContext, connector: Connector, wh: number): void {
  if (!Number.isFinite(wh) || wh <= 0)
    throw new Error(`a meter jump is a positive number of Wh, got ${wh}`);
  updateConnector(ctx, connector);
  ctx.log(
    `connector ${connector.id}: energy register jumps from ${whole(connector.meterWh)} Wh by ${wh} Wh (fault)`,
  );
  connector.meterWh += wh;
}
