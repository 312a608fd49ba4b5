import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { chargingSessions } from '../../db/schema/charging';
import { closeSimStations, connectedStation } from '../../test/charge-points';
import { driver, expectLedgerBalanced, start } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertSessionTariff } from '../../test/sessions';

// SPEC §3 schedule: a start outside the station's hours is refused with when it opens, in the
// station's local time; a 24/7 station takes starts at any hour. The clock is simulated.

let server: TestServer;
let tariffId: string;
beforeAll(async () => {
  server = await startTestServer();
  tariffId = await insertSessionTariff(server);
});
afterEach(async () => {
  await closeSimStations();
  await expectLedgerBalanced(server);
  vi.useRealTimers();
});
afterAll(async () => {
  await server?.close();
});

const daily = (from: string, to: string) => {
  const day = [{ from, to }];
  return { mo: day, tu: day, we: day, th: day, fr: day, sa: day, su: day };
};

/** Wednesday 2026-11-25 at a UTC time; the clock runs on from there. */
function clockAt(utc: string) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`2026-11-25T${utc}Z`));
}

describe('a start at a closed station', () => {
  it('is refused before opening with the local opening time, and taken once open', async () => {
    // 08:00–22:00 in UTC+3: 04:30 UTC is 07:30 there.
    const { chargePoint } = await connectedStation(server, {
      tariffId,
      schedule: daily('08:00', '22:00'),
      workHours: '08:00–22:00',
      utcOffsetMinutes: 180,
    });
    const who = await driver(server);
    const connectorId = chargePoint.station.connectorIds[0]!;

    clockAt('04:30:00');
    const refused = await start(server, who, { connectorId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'STATION_CLOSED',
      message: 'Station is closed',
      details: { opensAt: '08:00', opensDay: 'we', opensAtUtc: '2026-11-25T05:00:00.000Z' },
    });
    expect(
      await server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, who.id)),
    ).toEqual([]);

    // The start screen's plan says so before Start is tapped.
    const plan = await server.call(planCharge, {
      token: who.token,
      body: { connectorId, limit: { mode: 'none' }, profile: 'fast' },
    });
    expect(plan.body).toMatchObject({ canStart: false, blockedBy: 'closed', opensAt: '08:00' });

    clockAt('05:00:00');
    expect(
      (
        await server.call(planCharge, {
          token: who.token,
          body: { connectorId, limit: { mode: 'none' }, profile: 'fast' },
        })
      ).body,
    ).toMatchObject({ canStart: true, blockedBy: null, opensAt: null });
    expect((await start(server, who, { connectorId })).status).toBe(200);
  });

  it('after closing names the next day, and past midnight hours hold until they end', async () => {
    const { chargePoint } = await connectedStation(server, {
      tariffId,
      schedule: daily('18:00', '02:00'),
      workHours: '18:00–02:00',
      utcOffsetMinutes: 0,
    });
    const who = await driver(server);
    const connectorId = chargePoint.station.connectorIds[0]!;
    clockAt('02:00:00');
    expect((await start(server, who, { connectorId })).body).toMatchObject({
      code: 'STATION_CLOSED',
      details: { opensAt: '18:00', opensDay: 'we' },
    });
    clockAt('01:59:00');
    expect((await start(server, who, { connectorId })).status).toBe(200);
  });

  it('never happens at a 24/7 station', async () => {
    const { chargePoint } = await connectedStation(server, { tariffId });
    const who = await driver(server);
    clockAt('23:59:59');
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(200);
  });

  it('says so without an opening time when the schedule has no hours', async () => {
    const none = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
    const { chargePoint } = await connectedStation(server, { tariffId, schedule: none });
    const who = await driver(server);
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'STATION_CLOSED' });
    expect(answer.body).not.toHaveProperty('details.opensAt');
  });
});
