import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/money';
import { chargeEvents, chargingSamples } from '../../db/schema/ocpp';
import { accessTokenFor, type TestUser } from '../../test/builders';
import { closeSimStations, eventually } from '../../test/charge-points';
import { expectLedgerBalanced } from '../../test/charging';
import { eventsSince, liveScreen, type LiveScreen } from '../../test/live-screen';
import { createProcessDatabase, type ProcessDatabase } from '../../test/process-database';
import { serverProcess, type ServerProcess } from '../../test/server-process';
import {
  driverWithTag,
  insertSessionTariff,
  MINUTE_MS,
  perKwh,
  testCar,
} from '../../test/sessions';
import {
  insertChargePoints,
  registerReadings,
  stationFleet,
  type Fleet,
  type FleetTransaction,
} from '../../test/station-fleet';

// The server killed (SIGKILL) in the middle of 50 sessions and started again on the same
// database: the charge points keep charging and ending transactions meanwhile, queue their
// transaction messages and deliver them after the reconnect (OCPP 1.6 §4.7), some in their own
// order (MeterValues first, with readings after the stop; StopTransactions first), one losing
// its StopTransaction; the server must bill what the meters say, once, close what never stops,
// and the driver's screen must go on from its cursor (SPEC §7 GET /charges/subscribe) without
// losing an event.

const STATIONS = 25;
/** Transactions the stations start while the server is down (on connectors freed offline). */
const OFFLINE_STARTS = 3;

type Driver = TestUser & { tag: string; token: string };

let database: ProcessDatabase;
let server: ServerProcess;
let fleet: Fleet;
let drivers: Driver[];

beforeAll(async () => {
  database = await createProcessDatabase();
  // PGlite is one process's: seed, then let the server have it.
  const seeding = await database.open();
  try {
    const tariffId = await insertSessionTariff(seeding);
    const chargePoints = await insertChargePoints(seeding.db, STATIONS, tariffId);
    drivers = [];
    for (let i = 0; i < 2 * STATIONS + OFFLINE_STARTS; i += 1) {
      const driver = await driverWithTag(seeding);
      drivers.push({ ...driver, token: await accessTokenFor(seeding.db, driver.id) });
    }
    server = await serverProcess({
      database,
      env: { CHARGE_SWEEP_SECONDS: '1', CHARGE_STOP_GRACE_SECONDS: '2' },
    });
    // A charge point answers within the call timeout even while the restarted server replays.
    fleet = stationFleet(server, chargePoints, { callTimeoutMs: 20_000 });
  } finally {
    await seeding.close();
  }
}, 90_000);

afterAll(async () => {
  await closeSimStations();
  await server?.kill();
  await database?.drop();
});

const driverOf = (t: FleetTransaction) => drivers.find((d) => d.tag === t.idTag)!;
/** Stations replaying in their firmware's own order, and the one that loses a stop. */
const METER_VALUES_FIRST = [0, 1];
const STOPS_FIRST = [2, 3];
const LOSES_STOP = 7;
const stationEnergyWh = (t: FleetTransaction) => t.meterStopWh! - t.meterStartWh;

/** What a session's meter adjustment gave back to the payer (negative: charged them more). */
async function adjustmentToPayer(db: Db, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0;
  const [row] = await db
    .select({
      payerMinor: sql<number>`sum(${ledgerPostings.amountMinor})`.mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerTransactions.reference, `session-meter:${sessionId}`),
        inArray(ledgerAccounts.kind, ['user_wallet', 'company_wallet']),
      ),
    );
  return row?.payerMinor ?? 0;
}

describe('a server killed in the middle of 50 sessions', () => {
  it('bills what the meters said once, keeps charging the rest and loses no event', async () => {
    const began = Date.now();
    const timings: Record<string, number> = {};
    const lap = (name: string) => (timings[name] = Date.now() - began);

    await server.start();
    await Promise.all(fleet.stations.map((station) => station.connect({ timeoutMs: 30_000 })));
    await fleet.flush();
    lap('started');

    // 50 sessions by RFID tag, one driver each.
    await Promise.all(
      fleet.stations.map(async (station, index) => {
        for (const connectorId of [1, 2]) {
          station.plug(connectorId, testCar);
          const accepted = station.next(
            'transactionAccepted',
            (a) => a.connectorId === connectorId,
            20_000,
          );
          const outcome = await station.presentTag(
            drivers[2 * index + connectorId - 1]!.tag,
            connectorId,
          );
          expect(outcome).toMatchObject({ outcome: 'started' });
          expect(await accepted).toMatchObject({ idTagStatus: 'Accepted' });
        }
      }),
    );
    await fleet.advance(3, { flush: true });
    lap('charging');

    // What each driver's screen has seen so far: its cursor is where it goes on from.
    const cursors = new Map<string, number>();
    for (const driver of drivers) {
      const seen = await eventsSince(server, driver.token, 0);
      cursors.set(driver.id, seen.cursor);
    }
    const afterCursors = fleet.mark();
    const transactionOn = (index: number, connectorId: number) =>
      fleet.transactions.find(
        (t) => t.station === fleet.stations[index] && t.connectorId === connectorId,
      )!;
    // A car that leaves offline, a driver who stops offline, a session that charges on.
    const watched = [transactionOn(0, 1), transactionOn(4, 1), transactionOn(1, 2)];
    const screens = new Map<string, LiveScreen>(
      watched.map((t) => {
        const driver = driverOf(t);
        return [driver.id, liveScreen(server, driver.token, cursors.get(driver.id)!)];
      }),
    );

    // In the middle of things: a minute's readings and a car leaving on their way, some of
    // them answered, some in the server's hands, the rest still queued: then the kill.
    const burst = fleet.mark();
    await fleet.advance(1, { flush: false });
    fleet.stations[9]!.unplug(2);
    await eventually(() => fleet.mark() - burst >= 3, 10_000);
    for (const index of METER_VALUES_FIRST)
      fleet.stations[index]!.setFaults({
        replayOrder: 'meterValuesFirst',
        meterValuesAfterStop: 2,
      });
    for (const index of STOPS_FIRST)
      fleet.stations[index]!.setFaults({ replayOrder: 'stopsFirst' });
    fleet.stations[LOSES_STOP]!.setFaults({ loseStopTransactions: 1 });
    await server.kill();
    lap('killed');
    await eventually(() => fleet.stations.every((station) => !station.isOnline()), 10_000);

    // While the server is down the stations go on: cars leave, drivers stop, others start.
    await fleet.advance(2, { flush: false });
    // Between two readings: only StopTransaction's meterStop carries the last half minute.
    for (const station of fleet.stations) station.clock.advance(MINUTE_MS / 2);
    for (const station of fleet.stations.slice(0, 4)) station.unplug(1);
    for (const station of fleet.stations.slice(4, 7)) station.stop(1, 'Local');
    await fleet.advance(1, { flush: false });
    for (const station of fleet.stations.slice(4, 7)) station.unplug(1);
    fleet.stations[LOSES_STOP]!.unplug(1);
    for (const [index, station] of fleet.stations.slice(0, OFFLINE_STARTS).entries()) {
      station.plug(1, testCar);
      const tag = drivers[2 * STATIONS + index]!.tag;
      expect(await station.presentTag(tag, 1)).toMatchObject({ outcome: 'started' });
    }
    await fleet.advance(2, { flush: false });
    for (const station of fleet.stations) expect(station.pendingMessages()).toBeGreaterThan(0);

    // The same port and database; the stations find the server by themselves.
    await server.start();
    lap('restarted');
    await eventually(() => fleet.stations.every((station) => station.isOnline()), 30_000);
    await fleet.flush();
    lap('replayed');
    // The lost stop: the station says the connector is free, and after the grace period the
    // session is closed on its meter.
    const lost = transactionOn(LOSES_STOP, 1);
    const lostDriver = driverOf(lost);
    await eventually(async () => {
      const { events } = await eventsSince(server, lostDriver.token, cursors.get(lostDriver.id)!);
      return events.some((e) => e.transactionId === lost.transactionId && e.kind === 'finished');
    }, 20_000);
    lap('closed the lost stop');
    const restartedAt = fleet.stations.map((station) => station.clock.now());
    await fleet.advance(2, { flush: true });
    lap('charged on');

    await Promise.all([...screens.values()].map((screen) => screen.close()));
    const polled = new Map<string, ChargeEvent[]>();
    for (const driver of drivers)
      polled.set(
        driver.id,
        (await eventsSince(server, driver.token, cursors.get(driver.id)!)).events,
      );

    await closeSimStations();
    await server.stop();
    lap('stopped');
    const { db, close } = await database.open();
    try {
      const transactions = fleet.transactions;
      expect(transactions).toHaveLength(2 * STATIONS + OFFLINE_STARTS);
      expect(transactions.every((t) => t.transactionId !== undefined && t.transactionId > 0)).toBe(
        true,
      );
      const ended = transactions.filter((t) => t.meterStopWh !== undefined && t !== lost);
      const running = transactions.filter((t) => t.meterStopWh === undefined);
      expect(ended).toHaveLength(8);
      const readingsOf = (t: FleetTransaction) =>
        fleet.answered
          .filter(
            (m) =>
              m.action === 'MeterValues' &&
              (m.payload as { transactionId?: number }).transactionId === t.transactionId,
          )
          .flatMap((m) => registerReadings(m.payload));

      const rows = await db
        .select()
        .from(chargingSessions)
        .where(
          inArray(
            chargingSessions.transactionId,
            transactions.map((t) => t.transactionId!),
          ),
        );
      const rowOf = (t: FleetTransaction) => rows.find((r) => r.transactionId === t.transactionId)!;
      expect(rows).toHaveLength(transactions.length);

      // Finished sessions: the energy the station's meter counted, no more, no less.
      for (const t of ended) {
        expect(rowOf(t), `transaction ${t.transactionId} (${t.stopReason})`).toMatchObject({
          status: 'success',
          meterStartWh: t.meterStartWh,
          meterStopWh: t.meterStopWh,
          energyWh: stationEnergyWh(t),
          costMinor: perKwh(stationEnergyWh(t)),
        });
      }
      // The lost stop: closed on the last reading its meter gave before the car left.
      const lostReadings = readingsOf(lost).filter((r) => Date.parse(r.at) <= lost.stoppedAtMs!);
      expect(rowOf(lost)).toMatchObject({
        status: 'success',
        stopReason: 'noStop',
        energySource: 'last_reading',
        meterStopWh: null,
        energyWh: lostReadings.at(-1)!.registerWh - lost.meterStartWh,
      });
      expect(rowOf(lost).closedWithoutStopAt).not.toBeNull();
      // MeterValues first brings the offline start before the old transaction's stop: the old
      // session is closed on its meter, and its late stop then reconciles it.
      for (const index of METER_VALUES_FIRST) {
        const superseded = rowOf(transactionOn(index, 1));
        expect(superseded.closedWithoutStopAt, `station ${index}`).not.toBeNull();
        expect(superseded.reconciledAt, `station ${index}`).not.toBeNull();
      }
      const finished = [...ended, lost];

      // Running sessions charge on, with readings after the restart up to the station's last.
      for (const t of running) {
        const row = rowOf(t);
        const readings = readingsOf(t);
        expect(row.status, `transaction ${t.transactionId}`).toBe('charging');
        expect(row.energyWh).toBe(readings.at(-1)!.registerWh - t.meterStartWh);
        const since = new Date(restartedAt[fleet.stations.indexOf(t.station)]!);
        const after = await db
          .select({ id: chargingSamples.id })
          .from(chargingSamples)
          .where(and(eq(chargingSamples.sessionId, row.id), gt(chargingSamples.at, since)));
        expect(
          after.length,
          `readings of ${t.transactionId} after the restart`,
        ).toBeGreaterThanOrEqual(2);
      }

      // Billed once: one charge_payment per finished session and none for a running one; a
      // session closed before its stop came (superseded by an offline start) is corrected by
      // one adjustment, and what the payer paid in all is the session's cost.
      const payments = await db
        .select({
          kind: ledgerTransactions.kind,
          reference: ledgerTransactions.reference,
          payerMinor:
            sql<number>`sum(${ledgerPostings.amountMinor}) filter (where ${ledgerPostings.amountMinor} < 0 or ${ledgerTransactions.kind} = 'adjustment')`.mapWith(
              Number,
            ),
        })
        .from(ledgerTransactions)
        .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
        .where(inArray(ledgerTransactions.kind, ['charge_payment', 'adjustment']))
        .groupBy(ledgerTransactions.id, ledgerTransactions.kind, ledgerTransactions.reference);
      const chargePayments = payments.filter((p) => p.kind === 'charge_payment');
      expect(chargePayments.map((p) => p.reference).sort()).toEqual(
        finished.map((t) => rowOf(t).id).sort(),
      );
      for (const t of finished) {
        const row = rowOf(t);
        const paid = -chargePayments.find((p) => p.reference === row.id)!.payerMinor;
        const adjustments = payments.filter((p) => p.reference === `session-meter:${row.id}`);
        expect(adjustments.length).toBeLessThanOrEqual(1);
        const adjustedMinor = await adjustmentToPayer(db, adjustments.length > 0 ? row.id : null);
        expect(paid - adjustedMinor, `what ${t.transactionId} paid in all`).toBe(row.costMinor);
      }
      await expectLedgerBalanced({ db });

      // The screens go on from the cursor they held before the crash and miss nothing.
      for (const driver of drivers) {
        const events = polled.get(driver.id)!;
        const cursor = cursors.get(driver.id)!;
        const ids = events.map((e) => e.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        const stored = await db
          .select({ id: chargeEvents.id })
          .from(chargeEvents)
          .where(and(eq(chargeEvents.userId, driver.id), gt(chargeEvents.id, cursor)))
          .orderBy(chargeEvents.id);
        expect(ids, `events of ${driver.email} after ${cursor}`).toEqual(stored.map((s) => s.id));

        const t = transactions.find((tx) => tx.idTag === driver.tag)!;
        // A station that replays in its own order may deliver readings of a session already
        // closed: those are the record, not news for the screen.
        const stationIndex = fleet.stations.indexOf(t.station);
        const isInOrder = ![...METER_VALUES_FIRST, ...STOPS_FIRST].includes(stationIndex);
        const delivered = fleet.answered
          .filter((m) => m.seq >= afterCursors && m.action === 'MeterValues')
          .filter(
            (m) => (m.payload as { transactionId?: number }).transactionId === t.transactionId,
          )
          .flatMap((m) => registerReadings(m.payload));
        for (const reading of isInOrder ? delivered : []) {
          expect(
            events.some(
              (e) =>
                e.kind === 'updated' &&
                e.sample?.at === reading.at &&
                e.sample.energyWh === reading.registerWh - t.meterStartWh,
            ),
            `an event for the reading of ${t.transactionId} at ${reading.at}`,
          ).toBe(true);
        }
        const kinds = events.filter((e) => e.transactionId === t.transactionId).map((e) => e.kind);
        if (cursor === 0) expect(kinds).toContain('started');
        if (t.stopReason === 'Local')
          expect(kinds).toEqual(expect.arrayContaining(['parking', 'finished']));
        if (t.meterStopWh !== undefined) {
          expect(kinds.at(-1), `the last event of ${t.transactionId}`).toBe('finished');
          expect(events.at(-1)?.charge).toMatchObject({
            status: 'success',
            energyWh: t === lost ? rowOf(lost).energyWh : stationEnergyWh(t),
          });
          // The screen says how the energy was counted when not simply by the stop's meter.
          const isSuperseded = METER_VALUES_FIRST.some((i) => t === transactionOn(i, 1));
          expect(events.at(-1)?.charge.meterNote).toBe(
            t === lost ? 'lastReading' : isSuperseded ? 'reconciled' : null,
          );
        }
      }
      for (const [userId, screen] of screens) {
        expect(screen.failure()).toBeUndefined();
        expect(screen.lostPolls(), 'the crash cut the screen’s poll').toBeGreaterThanOrEqual(1);
        expect(screen.events.map((e) => e.id)).toEqual(polled.get(userId)!.map((e) => e.id));
      }
    } finally {
      await close();
    }
    lap('checked');
    // How long each part took (TEST_LOG=1): the file must stay well under two minutes.
    if (process.env.TEST_LOG)
      console.info(`crash-restart on ${database.driver}: ${JSON.stringify(timings)}`);
  }, 110_000);
});
