import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { listStationsGuest } from '@evcharge/api/stations/list-stations';
import { stationPageSchema } from '@evcharge/api/stations/station-schemas';
import { chargePoints } from '../db/schema/ocpp';
import { connectors } from '../db/schema/stations';
import {
  addChargePoint,
  closeSimStations,
  eventually,
  simStation,
  type TestChargePoint,
} from '../test/charge-points';
import { startTestServer, type TestServer } from '../test/harness';
import { defaultMessageLimits } from './message-limit';
import { withTestServer } from '../test/hooks';

// Connector statuses from StatusNotification reach the database and the station list; a charge
// point that goes away shows its connectors unavailable until it is back.

const server = withTestServer();
afterEach(closeSimStations);

async function dbStatuses(on: TestServer, chargePoint: TestChargePoint) {
  const rows = await on.db
    .select({ number: connectors.number, status: connectors.status, statusAt: connectors.statusAt })
    .from(connectors)
    .where(eq(connectors.stationId, chargePoint.station.id))
    .orderBy(connectors.number);
  return rows;
}
const statusesIn = async (on: TestServer, cp: TestChargePoint) =>
  (await dbStatuses(on, cp)).map((row) => row.status).join(',');

/** The connector statuses the guest station list (read model, kept answers) shows. */
async function listed(on: TestServer, chargePoint: TestChargePoint): Promise<string> {
  const { lat, lng } = chargePoint.station;
  const res = await on.call(listStationsGuest, {
    body: { connectorTypes: ['type2'], near: { lat, lng, radiusKm: 1 }, pageSize: 5 },
  });
  const page = stationPageSchema.parse(res.body);
  const item = page.items.find((s) => s.id === chargePoint.station.id);
  return item ? item.connectors.map((c) => c.status).join(',') : 'missing';
}

describe('StatusNotification', () => {
  it('reaches the database and the station list', async () => {
    const chargePoint = await addChargePoint(server, {
      connectors: [{ status: 'faulted' }, { status: 'charging' }],
    });
    expect(await listed(server, chargePoint)).toBe('faulted,charging');
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    expect(await statusesIn(server, chargePoint)).toBe('available,available');
    expect(await listed(server, chargePoint)).toBe('available,available');

    station.plug(2);
    await station.waitFor('Preparing', 2);
    await station.flush();
    expect(await statusesIn(server, chargePoint)).toBe('available,preparing');
    expect(await listed(server, chargePoint)).toBe('available,preparing');

    station.fault(1, 'GroundFailure');
    await station.flush();
    expect(await listed(server, chargePoint)).toBe('faulted,preparing');
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(row?.reportedStatuses['1']).toMatchObject({
      status: 'Faulted',
      errorCode: 'GroundFailure',
    });
  });

  it('keeps connector 0 (the charge point itself) on the charge point and changes no connector', async () => {
    const chargePoint = await addChargePoint(server);
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    await station.call('StatusNotification', {
      connectorId: 0,
      status: 'Unavailable',
      errorCode: 'NoError',
    });
    expect(await statusesIn(server, chargePoint)).toBe('available,available');
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(row?.reportedStatuses['0']).toMatchObject({ status: 'Unavailable' });
    // A connector the station does not have is answered and ignored.
    expect(
      await station.call('StatusNotification', {
        connectorId: 9,
        status: 'Available',
        errorCode: 'NoError',
      }),
    ).toEqual({});
  });
});

describe('a charge point that goes away', () => {
  it('shows its connectors unavailable once the socket closes, and its statuses again when it is back', async () => {
    const chargePoint = await addChargePoint(server);
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    station.plug(1);
    await station.waitFor('Preparing', 1);
    await station.flush();
    expect(await listed(server, chargePoint)).toBe('preparing,available');

    await station.dropConnection();
    await eventually(
      async () => (await statusesIn(server, chargePoint)) === 'unavailable,unavailable',
    );
    expect(await listed(server, chargePoint)).toBe('unavailable,unavailable');
    const [offline] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(offline?.connectedAt).toBeNull();
    expect(server.app.chargePoints.isConnected(chargePoint.id)).toBe(false);

    await station.restore();
    await eventually(async () => (await listed(server, chargePoint)) === 'preparing,available');
    expect(await statusesIn(server, chargePoint)).toBe('preparing,available');
  });

  it('is offline after missing heartbeats (twice the interval plus the grace), and back when it reconnects', async () => {
    // Heartbeat 1 s, grace 1 s: silent for over 3 s means offline. The simulator's manual
    // clock never sends a Heartbeat by itself; the server closes the socket, the simulator
    // reconnects and reports its connectors again.
    const quick = await startTestServer({
      config: {
        ocpp: {
          heartbeatSeconds: 1,
          heartbeatGraceSeconds: 1,
          callTimeoutSeconds: 3,
          localListSyncSeconds: 600,
          messageLimits: defaultMessageLimits,
        },
      },
    });
    try {
      const chargePoint = await addChargePoint(quick);
      // Reconnects 1.5-2.5 s after the server lets go, so the offline statuses can be read
      // before the station reports its connectors again.
      const station = simStation(quick, chargePoint, {
        reconnectDelayMs: { initial: 2000, max: 4000 },
      });
      await station.connect({ timeoutMs: 5000 });
      await station.flush();
      expect(await statusesIn(quick, chargePoint)).toBe('available,available');
      const disconnected = station.next('disconnected', undefined, 8000);
      await eventually(
        async () => (await statusesIn(quick, chargePoint)) === 'unavailable,unavailable',
        8000,
      );
      expect(await listed(quick, chargePoint)).toBe('unavailable,unavailable');
      await disconnected;
      await eventually(
        async () => (await listed(quick, chargePoint)) === 'available,available',
        5000,
      );
      await station.close();
    } finally {
      await closeSimStations();
      await quick.close();
    }
  });

  it('stays online while it keeps talking', async () => {
    const quick = await startTestServer({
      config: {
        ocpp: {
          heartbeatSeconds: 1,
          heartbeatGraceSeconds: 1,
          callTimeoutSeconds: 3,
          localListSyncSeconds: 600,
          messageLimits: defaultMessageLimits,
        },
      },
    });
    try {
      const chargePoint = await addChargePoint(quick);
      const station = simStation(quick, chargePoint);
      await station.connect({ timeoutMs: 5000 });
      let drops = 0;
      station.on('disconnected', () => drops++);
      for (let i = 0; i < 10; i++) {
        station.clock.advance(1000);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(drops).toBe(0);
      expect(await statusesIn(quick, chargePoint)).toBe('available,available');
    } finally {
      await closeSimStations();
      await quick.close();
    }
  });
});
