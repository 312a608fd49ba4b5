import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chargingSessions } from '../../db/schema/charging';
import { chargeEvents } from '../../db/schema/ocpp';
import { withSessionStations, withTestServer } from '../../test/hooks';
import { driverWithTag, MINUTE_MS, samplesOf, sessionOf, startWithTag } from '../../test/sessions';
import { moneyDeps } from '../../test/money-deps';
import { countedSessionDeps, countingDb } from '../../test/statement-count';
import { recordMeterValues } from './meter-values';

// MeterValues come every few seconds from every charging connector (OCPP 1.6 §4.7): a reading
// of a charging session costs the database one statement (the sample, the session's energy,
// power, SoC and cost, the driver's event), and a session changed meanwhile is read again.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: false });

describe('MeterValues of a charging session', () => {
  it('stores the reading, the running session and its event in one statement', async () => {
    const { chargePoint, station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    const session = await sessionOf(server, transactionId);
    const startWh = session.meterStartWh!;
    const { counted, deps, from } = await countedSessionDeps(server, chargePoint);
    const meterValues = (minutes: number, registerWh: number) =>
      recordMeterValues(deps, from, {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: new Date(session.startedAt!.getTime() + minutes * MINUTE_MS).toISOString(),
            sampledValue: [
              { value: String(registerWh) },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      });
    const eventsOf = () =>
      server.db
        .select({ kind: chargeEvents.kind, payload: chargeEvents.payload })
        .from(chargeEvents)
        .where(eq(chargeEvents.sessionId, session.id))
        .orderBy(asc(chargeEvents.id));
    const eventsBefore = (await eventsOf()).length;

    // The first reading this instance hears of the session reads it first (and its tariff,
    // kept a minute for every session on it).
    await meterValues(1, startWh + 200);
    expect(counted.take()).toBeLessThanOrEqual(4);
    for (let minute = 2; minute <= 5; minute++) {
      await meterValues(minute, startWh + minute * 200);
      expect(counted.take()).toBe(1);
    }
    // A late reading fills in the past: one statement, and the running figures do not move.
    await meterValues(4.5, startWh + 900);
    expect(counted.take()).toBe(1);
    // A reset (below the register) is kept for the record, not counted: one statement.
    await meterValues(6, startWh + 10);
    expect(counted.take()).toBe(1);

    const running = await sessionOf(server, transactionId);
    expect(running).toMatchObject({ energyWh: 1000, powerW: 11_000, status: 'charging' });
    expect(running.lastReadingAt?.getTime()).toBe(session.startedAt!.getTime() + 5 * MINUTE_MS);
    const samples = await samplesOf(server, session.id);
    expect(samples.map((s) => [s.registerWh! - startWh, s.isCounted])).toEqual([
      [200, true],
      [400, true],
      [600, true],
      [800, true],
      [900, true],
      [1000, true],
      [10, false],
    ]);
    const events = (await eventsOf()).slice(eventsBefore);
    expect(events.map((e) => e.kind)).toEqual([
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
    ]);
    expect(events.at(-1)?.payload).toMatchObject({
      transactionId,
      sample: { energyWh: 1000, powerW: 11_000 },
    });

    // Changed by something else since (here: by hand): read again, decided on the new row.
    await server.db
      .update(chargingSessions)
      .set({ energyWh: 1500 })
      .where(eq(chargingSessions.id, session.id));
    await meterValues(7, startWh + 1400);
    expect(counted.take()).toBe(3);
    const after = await sessionOf(server, transactionId);
    expect(after.energyWh).toBe(1500);
    expect((await samplesOf(server, session.id)).at(-1)).toMatchObject({ isCounted: false });
    await meterValues(8, startWh + 1600);
    expect(counted.take()).toBe(1);
    expect((await sessionOf(server, transactionId)).energyWh).toBe(1600);
  });

  it('writes the readings of many sessions that come at once in fewer statements, each right', async () => {
    const count = 8;
    const running = await Promise.all(
      Array.from({ length: count }, async () => {
        const { chargePoint, station } = await connectedStation();
        const driver = await driverWithTag(server);
        const transactionId = await startWithTag(station, driver.tag);
        return { chargePoint, transactionId, session: await sessionOf(server, transactionId) };
      }),
    );
    const counted = countingDb(server);
    const deps = { ...(await moneyDeps(server)), db: counted.db };
    // At most what a 22 kW connector delivers by then (meter-timeline.ts maxEnergyWh).
    const reading = (
      { chargePoint, transactionId, session }: (typeof running)[number],
      wh: number,
      minutes: number,
    ) =>
      recordMeterValues(
        deps,
        { chargePointId: chargePoint.id, stationId: chargePoint.station.id, log: server.app.log },
        {
          connectorId: 1,
          transactionId,
          meterValue: [
            {
              timestamp: new Date(session.startedAt!.getTime() + minutes * MINUTE_MS).toISOString(),
              sampledValue: [{ value: String(session.meterStartWh! + wh) }],
            },
          ],
        },
      );
    // Each session once on its own: this instance reads it (and its tariff) first.
    for (const [n, one] of running.entries()) await reading(one, 100 + n, 1);
    counted.take();
    const eventCount = async (sessionId: string) =>
      (await server.db.select().from(chargeEvents).where(eq(chargeEvents.sessionId, sessionId)))
        .length;
    const eventsBefore = await Promise.all(running.map((one) => eventCount(one.session.id)));

    await Promise.all(running.map((one, n) => reading(one, 1000 + n, 5)));
    // Two go at once; the rest wait for them and go together.
    expect(counted.take()).toBeLessThanOrEqual(3);
    for (const [n, one] of running.entries()) {
      expect(await sessionOf(server, one.transactionId)).toMatchObject({ energyWh: 1000 + n });
      expect((await samplesOf(server, one.session.id)).map((s) => s.energyWh)).toEqual([
        100 + n,
        1000 + n,
      ]);
      expect(await eventCount(one.session.id)).toBe(eventsBefore[n]! + 1);
    }
  });

  it('writes nothing an index of the sessions holds, so the row is updated in place (HOT)', async () => {
    // PostgreSQL updates a row in place, touching no index, only when no indexed column (key,
    // expression or partial index predicate) changes: the columns every reading writes.
    const written = [
      'energy_wh',
      'power_w',
      'soc_percent',
      'cost_minor',
      'loyalty_discount_minor',
      'last_energy_at',
      'last_reading_at',
      'updated_at',
    ];
    const { rows: indexes } = (await server.db.execute(sql`
      select c.relname as index, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'charging_sessions'::regclass`)) as unknown as {
      rows: { index: string; definition: string }[];
    };
    expect(indexes.length).toBeGreaterThan(5);
    for (const { index, definition } of indexes) {
      for (const column of written) {
        expect(definition, `${index} holds ${column}`).not.toMatch(new RegExp(`\\b${column}\\b`));
      }
    }
  });
});
