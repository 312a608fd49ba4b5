import { eq } from 'drizzle-orm';
import type { OCPP16 } from 'typed-ocpp';
import { describe, expect, it } from 'vitest';
import { chargingSessions, rfidBindings } from '../db/schema/charging';
import { chargePoints } from '../db/schema/ocpp';
import { connectors } from '../db/schema/stations';
import { rfidReader, type LocalListSync } from '../modules/rfid';
import { sessionChargePointEvents } from '../modules/sessions';
import { rowOf, type StationReadModel } from '../modules/stations';
import {
  reportConnectorStatus,
  setConnectorStatus,
  setStationUnavailable,
  sharedReadModel,
  STATION_CHANGES_CHANNEL,
  type ConnectorStatusDeps,
} from '../modules/stations';
import { withSessionStations, withTestServer } from '../test/hooks';
import { moneyDeps } from '../test/money-deps';
import { driverWithTag, sessionOf, startWithTag } from '../test/sessions';
import { countingDb } from '../test/statement-count';
import type { ChargePointConnection } from './connections';
import type { CallContext } from './context';
import { statusNotification } from './handlers/status-notification';

// Every connector of every charge point reports its status (OCPP 1.6 §4.9), several times per
// session: between sessions a report costs the database one statement (the charge point's
// kept report, the connector's status, the NOTIFY to the other instances), and the session or
// RFID wizard on the connector is read only when one is open there.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: false });

const localList: LocalListSync = {
  booted() {},
  tagsChanged() {},
  settled: async () => {},
  stop: async () => {},
};

/** The handler with the app's wiring (app.ts), every statement through a counting database. */
async function countedHandler(chargePoint: { id: string; station: { id: string } }) {
  const counted = countingDb(server);
  const deps = { ...(await moneyDeps(server)), db: counted.db };
  // As with several instances: changes go to the others on the station channel.
  const told: string[] = [];
  const shared = sharedReadModel(
    deps.stationReadModel,
    (payload) => told.push(payload),
    () => {},
  );
  const heard: Record<string, unknown>[] = [];
  const unlisten = await server.database.listen(STATION_CHANGES_CHANNEL, (payload) => {
    const change = JSON.parse(payload) as Record<string, unknown>;
    if (change.stationId === chargePoint.station.id) heard.push(change);
  });
  const statuses: ConnectorStatusDeps = {
    db: counted.db,
    stationReadModel: shared.model,
    whenStationFreed: () => {},
  };
  const sessions = sessionChargePointEvents(deps);
  const reader = rfidReader(deps, sessions, localList);
  const ctx: CallContext = {
    deps: {
      db: counted.db,
      config: server.config,
      metrics: deps.metrics,
      events: {
        ...sessions,
        authorize: reader.authorize,
        sessionConnectorStatus: reader.sessionConnectorStatus,
        booted: () => {},
        connectorStatus: (stationId, number, status, at) =>
          setConnectorStatus(statuses, stationId, number, status, at),
        connectorReported: (report) => reportConnectorStatus(statuses, report),
        stationUnavailable: (stationId, at) => setStationUnavailable(statuses, stationId, at),
      },
    },
    connection: {
      chargePointId: chargePoint.id,
      stationId: chargePoint.station.id,
      log: server.app.log,
    } as ChargePointConnection,
  };
  const report = (
    connectorId: number,
    status: OCPP16.StatusNotificationRequest['status'],
    timestamp = new Date().toISOString(),
  ) => statusNotification(ctx, { connectorId, status, errorCode: 'NoError', timestamp });
  return { counted, report, model: shared.model, told, heard, unlisten };
}

const connectorRow = async (id: string) =>
  (await server.db.select().from(connectors).where(eq(connectors.id, id)))[0]!;
const reportedOf = async (id: string) =>
  (await server.db.select().from(chargePoints).where(eq(chargePoints.id, id)))[0]!.reportedStatuses;
const modelStatus = (model: StationReadModel, stationId: string, connectorId: string) =>
  rowOf(model.snapshot(), stationId)?.connectors.find((c) => c.id === connectorId)?.status;

describe('StatusNotification', () => {
  it('between sessions: the report, the connector, the map and the other instances in one statement', async () => {
    const { chargePoint } = await connectedStation();
    const { counted, report, model, told, heard, unlisten } = await countedHandler(chargePoint);
    const [first, second] = chargePoint.station.connectorIds as [string, string];
    counted.take();
    const at = '2030-01-01T10:00:00.000Z';

    await report(2, 'Unavailable', at);
    expect(counted.take()).toBe(1);
    expect(await connectorRow(second)).toMatchObject({ status: 'unavailable' });
    expect((await reportedOf(chargePoint.id))['2']).toMatchObject({
      status: 'Unavailable',
      errorCode: 'NoError',
      at,
    });
    expect(modelStatus(model, chargePoint.station.id, second)).toBe('unavailable');
    // The NOTIFY went with the statement, naming the connector; it is not sent again.
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({
      kind: 'status',
      stationId: chargePoint.station.id,
      connectorId: second,
      status: 'unavailable',
    });
    expect(told).toEqual([]);
    expect(await connectorRow(first)).toMatchObject({ status: 'available' });

    // The charge point itself: its report is kept, no connector changes.
    await report(0, 'Faulted');
    expect(counted.take()).toBe(1);
    expect((await reportedOf(chargePoint.id))['0']).toMatchObject({ status: 'Faulted' });
    expect((await connectorRow(first)).status).toBe('available');

    // A connector the station does not have: the report is kept all the same.
    await report(7, 'Available');
    expect(counted.take()).toBe(1);
    expect((await reportedOf(chargePoint.id))['7']).toMatchObject({ status: 'Available' });
    await unlisten();
    expect(heard).toHaveLength(1);
  });

  it('a running session follows its connector, read only then', async () => {
    const { chargePoint, station } = await connectedStation();
    const driver = await driverWithTag(server);
    const transactionId = await startWithTag(station, driver.tag);
    expect((await sessionOf(server, transactionId)).status).toBe('charging');
    const { counted, report, unlisten } = await countedHandler(chargePoint);
    counted.take();

    // The same status as the session's: the report, then the session read, nothing to change.
    await report(1, 'Charging');
    expect(counted.take()).toBe(2);
    await report(1, 'SuspendedEVSE');
    expect(counted.take()).toBeGreaterThan(2);
    const session = await sessionOf(server, transactionId);
    expect(session.status).toBe('suspendedevse');
    // The other connector has nothing open on it.
    await report(2, 'Available');
    expect(counted.take()).toBe(1);
    await unlisten();
  });

  it('an RFID wizard waiting at the connector follows it, and the session is not looked for', async () => {
    const { chargePoint } = await connectedStation();
    const driver = await driverWithTag(server);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [binding] = await server.db
      .insert(rfidBindings)
      .values({
        userId: driver.id,
        stationId: chargePoint.station.id,
        connectorId,
        status: 'waitingCar',
        deadlineAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const { counted, report, unlisten } = await countedHandler(chargePoint);
    counted.take();

    await report(1, 'Preparing');
    // The report, the wizard's binding read and moved on to the tag step.
    expect(counted.take()).toBe(3);
    const [moved] = await server.db
      .select()
      .from(rfidBindings)
      .where(eq(rfidBindings.id, binding!.id));
    expect(moved?.status).toBe('waitingTag');
    expect(
      await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.connectorId, connectorId)),
    ).toEqual([]);
    await unlisten();
  });
});
