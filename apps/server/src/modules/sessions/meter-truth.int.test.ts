import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moneyDeps } from '../../test/money-deps';
import { sweepSessions } from './supervise';
import { ledgerPostings, ledgerTransactions, receipts } from '../../db/schema/money';
import { userEvents } from '../../db/schema/notifications';
import { addChargePoint, eventually, simStation, type SimStation } from '../../test/charge-points';
import { withSessionStations, withSweepingTestServer } from '../../test/hooks';
import {
  driverWithTag,
  MINUTE_MS,
  perKwh,
  samplesOf,
  sessionOf,
  startWithTag,
  testCar,
} from '../../test/sessions';

// The meter is the truth (OCPP 1.6 §4.7 offline behaviour): what a session is billed for comes
// from the charge point's meter on its own timeline, however its messages arrive: late, twice,
// out of order, after a meter reset, from a wrong clock, or never.

// The sweep every 0.2 s and a short grace: a session with a lost stop closes within the test.
const server = withSweepingTestServer();
const stations = withSessionStations(server, { ledger: true });
const { connectedStation } = stations;

/** A tag start on connector 1 that reports its meter's start. */
async function charging(station: SimStation, tag: string) {
  const started = station.next('transactionStarted');
  const transactionId = await startWithTag(station, tag);
  const { meterStartWh } = await started;
  return { transactionId, meterStartWh };
}

async function unplugged(station: SimStation) {
  const stopped = station.next('transactionStopped');
  station.unplug(1);
  return stopped;
}

/** The session's own ledger transactions: its payment and a meter adjustment. */
async function ledgerOf(sessionId: string) {
  return server.db
    .select({ kind: ledgerTransactions.kind, reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `%${sessionId}`));
}

async function sessionPaymentMinor(sessionId: string, kind: 'charge_payment' | 'adjustment') {
  const rows = await server.db
    .select({ amount: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(eq(ledgerTransactions.kind, kind), like(ledgerTransactions.reference, `%${sessionId}`)),
    );
  // The payer's side is the negative posting.
  return -rows.filter((row) => row.amount < 0).reduce((sum, row) => sum + row.amount, 0);
}

describe('readings that arrive out of order', () => {
  it('bills meterStop − meterStart when MeterValues timestamped after the stop arrive before it', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();

    await station.dropConnection();
    station.setFaults({ replayOrder: 'meterValuesFirst', meterValuesAfterStop: 3 });
    station.clock.advance(MINUTE_MS);
    const { meterStopWh } = await unplugged(station);
    station.clock.advance(3 * MINUTE_MS);
    await station.restore();
    await station.flush();

    const done = await sessionOf(server, transactionId);
    const energyWh = meterStopWh - meterStartWh;
    expect(done).toMatchObject({ status: 'success', energyWh, energySource: 'meter_stop' });
    expect(done.costMinor).toBe(perKwh(energyWh));
    const samples = await samplesOf(server, done.id);
    const afterStop = samples.filter((s) => s.at > done.stoppedAt!);
    expect(afterStop).toHaveLength(3);
    expect(afterStop.every((s) => !s.isCounted && s.energyWh > energyWh)).toBe(true);
    expect(samples.filter((s) => s.isCounted).every((s) => s.energyWh <= energyWh)).toBe(true);
    expect(await ledgerOf(done.id)).toEqual([{ kind: 'charge_payment', reference: done.id }]);
    expect(await sessionPaymentMinor(done.id, 'charge_payment')).toBe(perKwh(energyWh));
  });

  it('keeps readings that come after their stop at their own time and meter value', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    await station.dropConnection();
    station.setFaults({ replayOrder: 'stopsFirst' });
    station.clock.advance(3 * MINUTE_MS);
    const { meterStopWh } = await unplugged(station);
    await station.restore();
    await station.flush();

    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({ status: 'success', energyWh: meterStopWh - meterStartWh });
    const samples = await samplesOf(server, done.id);
    // What each meter said at its time, not the running maximum when it arrived.
    expect(samples.map((s) => s.energyWh)).toEqual([183, 366, 550, 550]);
    expect(samples.map((s) => s.registerWh)).toEqual(
      [183, 366, 550, 550].map((wh) => wh + meterStartWh),
    );
    expect(samples.every((s) => s.isCounted)).toBe(true);
  });
});

describe('an impossible meterStop', () => {
  it('falls back to the last sane reading after a meter reset, and says so', async () => {
    // A meter that has counted for years: a reset takes it far below the session's start.
    const chargePoint = await addChargePoint(server, { tariffId: stations.tariffId });
    const station = simStation(server, chargePoint, { connectors: [{ meterStartWh: 5_000_000 }] });
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    const driver = await driverWithTag(server);
    const { transactionId } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    station.resetMeter(1);
    station.clock.advance(MINUTE_MS);
    const { meterStopWh } = await unplugged(station);
    await station.flush();

    const done = await sessionOf(server, transactionId);
    expect(meterStopWh).toBeLessThan(done.meterStartWh!);
    expect(done).toMatchObject({ status: 'success', energyWh: 366, energySource: 'last_reading' });
    expect(done.costMinor).toBe(perKwh(366));
    const samples = await samplesOf(server, done.id);
    expect(samples.filter((s) => !s.isCounted)).toHaveLength(1);
  });
});

describe('a connector reported free while its session runs', () => {
  const status = (station: SimStation, value: string) =>
    station.call('StatusNotification', {
      connectorId: 1,
      status: value,
      errorCode: 'NoError',
      timestamp: new Date(station.clock.now()).toISOString(),
    });

  it('is a suspicion only: Charging clears it, and a stop within the grace ends the session as usual', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();

    await status(station, 'Available');
    expect((await sessionOf(server, transactionId)).stopSuspectedAt).not.toBeNull();
    await status(station, 'Charging');
    expect((await sessionOf(server, transactionId)).stopSuspectedAt).toBeNull();

    // Its queued Available came before the StopTransaction: the stop still decides.
    await status(station, 'Finishing');
    const { meterStopWh } = await unplugged(station);
    await station.flush();
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({
      status: 'success',
      stopReason: 'EVDisconnected',
      energySource: 'meter_stop',
      energyWh: meterStopWh - meterStartWh,
      closedWithoutStopAt: null,
      stopSuspectedAt: null,
    });
  });
});

describe('a StopTransaction that never comes', () => {
  it('asks the charge point, then closes the session on its meter after the grace period', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    station.setFaults({ loseStopTransactions: 1 });
    const { transactionId } = await charging(station, driver.tag);
    station.clock.advance(3 * MINUTE_MS);
    await station.flush();
    const triggered = station.next(
      'command',
      (c) => c.action === 'TriggerMessage' && JSON.stringify(c.params).includes('MeterValues'),
      5000,
    );
    await unplugged(station);
    await station.flush();
    await triggered;

    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    expect(done).toMatchObject({
      energyWh: 550,
      energySource: 'last_reading',
      stopReason: 'noStop',
      meterStopWh: null,
    });
    expect(done.closedWithoutStopAt).not.toBeNull();
    expect(done.costMinor).toBe(perKwh(550));
    expect(await sessionPaymentMinor(done.id, 'charge_payment')).toBe(perKwh(550));
    const told = await server.db
      .select({ type: userEvents.type })
      .from(userEvents)
      .where(eq(userEvents.userId, driver.id));
    expect(told.map((e) => e.type)).toContain('sessionClosedNoStop');
  });

  it('reconciles a late StopTransaction once: its meter wins, the difference is its own payment with a receipt', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    station.setFaults({ loseStopTransactions: 1 });
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    station.clock.advance(30_000);
    const stopped = await unplugged(station);
    await station.flush();
    const closed = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    expect(closed.energyWh).toBe(366);

    // The charge point finds the stop after all.
    const late = {
      transactionId,
      idTag: driver.tag,
      meterStop: stopped.meterStopWh,
      timestamp: new Date(station.clock.now()).toISOString(),
      reason: 'EVDisconnected',
    };
    expect(await station.call('StopTransaction', late)).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    const energyWh = stopped.meterStopWh - meterStartWh;
    const reconciled = await sessionOf(server, transactionId);
    expect(reconciled).toMatchObject({
      status: 'success',
      energyWh,
      energySource: 'meter_stop',
      meterStopWh: stopped.meterStopWh,
      costMinor: perKwh(energyWh),
      // What really ended it; that we had closed it first stays on the record.
      stopReason: 'EVDisconnected',
    });
    expect(reconciled.closedWithoutStopAt).toEqual(closed.closedWithoutStopAt);
    expect(reconciled.reconciledAt).not.toBeNull();
    const differenceMinor = perKwh(energyWh) - perKwh(366);
    expect(differenceMinor).toBeGreaterThan(0);
    expect(await sessionPaymentMinor(closed.id, 'charge_payment')).toBe(perKwh(366));
    expect(await sessionPaymentMinor(closed.id, 'adjustment')).toBe(differenceMinor);
    const adjustmentReceipts = await server.db
      .select({ amountMinor: receipts.amountMinor, items: receipts.items })
      .from(receipts)
      .where(and(eq(receipts.sessionId, closed.id), eq(receipts.kind, 'session_adjustment')));
    expect(adjustmentReceipts).toHaveLength(1);
    expect(adjustmentReceipts[0]).toMatchObject({
      amountMinor: differenceMinor,
      items: [expect.objectContaining({ code: 'session_extra', amountMinor: differenceMinor })],
    });

    // The same stop again changes nothing and moves no money.
    await station.call('StopTransaction', late);
    expect(await sessionOf(server, transactionId)).toEqual(reconciled);
    expect(await ledgerOf(closed.id)).toHaveLength(2);
  });
});

describe('a start we never saw', () => {
  it('accepts a StartTransaction queued offline, bills it from its meter, and answers its repeat the same', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    await station.dropConnection();
    station.plug(1, testCar);
    const started = station.next('transactionStarted');
    expect(await station.presentTag(driver.tag, 1)).toMatchObject({ outcome: 'started' });
    const { meterStartWh } = await started;
    const startedAt = station.clock.now();
    station.clock.advance(4 * MINUTE_MS);
    const stopped = await unplugged(station);
    const accepted = station.next('transactionAccepted', undefined, 5000);
    await station.restore();
    const { transactionId, idTagStatus } = await accepted;
    expect(idTagStatus).toBe('Accepted');
    await station.flush();

    const done = await sessionOf(server, transactionId);
    const energyWh = stopped.meterStopWh - meterStartWh;
    expect(done).toMatchObject({ status: 'success', userId: driver.id, energyWh });
    expect(done.startedAt).toEqual(new Date(startedAt));
    expect(done.costMinor).toBe(perKwh(energyWh));

    // The queue sends it once more: the same transaction, nothing new.
    const again = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: driver.tag,
      meterStart: meterStartWh,
      timestamp: new Date(startedAt).toISOString(),
    });
    expect(again).toEqual({ transactionId, idTagInfo: { status: 'Accepted' } });
    expect(await ledgerOf(done.id)).toHaveLength(1);
  });
});

describe('a wrong clock', () => {
  it('takes a start a day ahead of ours at its arrival, and its later times by the same offset', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    station.setFaults({ clockOffsetMs: 24 * 60 * MINUTE_MS });
    const before = Date.now();
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    const after = Date.now();
    station.clock.advance(4 * MINUTE_MS);
    const stopped = await unplugged(station);
    await station.flush();

    const done = await sessionOf(server, transactionId);
    expect(done.startedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(done.startedAt!.getTime()).toBeLessThanOrEqual(after);
    expect(done.stoppedAt!.getTime() - done.startedAt!.getTime()).toBe(4 * MINUTE_MS);
    expect(done).toMatchObject({ status: 'success', energyWh: stopped.meterStopWh - meterStartWh });
    const samples = await samplesOf(server, done.id);
    expect(samples.every((s) => s.at >= done.startedAt! && s.at <= done.stoppedAt!)).toBe(true);
  });
});

describe('a charge point that keeps quiet', () => {
  /** One pass of the session sweep as if `minutes` had passed: past the ghost minutes. */
  async function sweepLater(minutes: number) {
    const deps = { ...(await moneyDeps(server)), chargePoints: server.app.chargePoints };
    await sweepSessions(deps, server.app.log, new Date(Date.now() + minutes * MINUTE_MS));
  }

  it('closes a session on its meter when its charge point stays away past the ghost minutes', async () => {
    const { chargePoint, station } = await connectedStation();
    const driver = await driverWithTag(server);
    const { transactionId } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    await station.close();
    await eventually(() => !server.app.chargePoints.isConnected(chargePoint.id));

    await sweepLater(server.config.charging.ghostMinutes + 10);
    const done = await sessionOf(server, transactionId);
    expect(done).toMatchObject({
      status: 'success',
      stopReason: 'ghost',
      energyWh: 366,
      energySource: 'last_reading',
      costMinor: perKwh(366),
    });
    expect(done.closedWithoutStopAt).not.toBeNull();
  });

  it('closes a ghost its charge point refuses to stop, and takes its stop when it comes', async () => {
    const { station } = await connectedStation();
    const driver = await driverWithTag(server);
    const { transactionId, meterStartWh } = await charging(station, driver.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    station.setRejectCommands(true);

    await sweepLater(server.config.charging.ghostMinutes + 10);
    const closed = await sessionOf(server, transactionId);
    expect(closed).toMatchObject({ status: 'success', stopReason: 'ghost', energyWh: 366 });
    expect(closed.closedWithoutStopAt).not.toBeNull();

    // It charged on after all, and its stop says how much.
    station.clock.advance(MINUTE_MS);
    const { meterStopWh } = await unplugged(station);
    await station.flush();
    const energyWh = meterStopWh - meterStartWh;
    expect(await sessionOf(server, transactionId)).toMatchObject({
      status: 'success',
      energyWh,
      costMinor: perKwh(energyWh),
    });
    expect(await sessionPaymentMinor(closed.id, 'adjustment')).toBe(perKwh(energyWh) - perKwh(366));
  });
});
