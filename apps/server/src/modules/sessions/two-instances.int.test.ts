import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import { closeSimStations, connectedStation, eventually } from '../../test/charge-points';
import { driver, start } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertSessionTariff, sessionOf, testCar } from '../../test/sessions';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';

// DESIGN.md Scale-out: two instances on one database. The charge point's socket is on one;
// the driver's long poll waits on the other and wakes at once (NOTIFY), and a start or stop
// asked on the other reaches the socket through the command relay.

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer({ listen: true });
  second = await startTestServer({ database: first.database });
});
afterAll(async () => {
  await closeSimStations();
  await second?.close();
  await first?.close();
});

it('wakes a long poll on one instance when a session changes on the other', async () => {
  const tariffId = await insertSessionTariff(first);
  const { chargePoint } = await connectedStation(first, { tariffId });
  const who = await driver(first);
  const held = second.call<{ events: ChargeEvent[] }>(subscribeCharges, {
    token: who.token,
    params: { transactionId: 0, cursor: 0 },
    query: { wait: 20 },
  });
  // Let the poll find nothing and start waiting before the start.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const began = Date.now();
  const started = await start(first, who, { connectorId: chargePoint.station.connectorIds[0]! });
  expect(started.status).toBe(200);
  const woken = await held;
  expect(Date.now() - began).toBeLessThan(5000);
  expect(woken.body.events[0]).toMatchObject({
    kind: 'status',
    transactionId: started.body.transactionId,
    charge: { status: 'preparing' },
  });
});

it('starts and stops on a charge point whose socket is on the other instance', async () => {
  const tariffId = await insertSessionTariff(first);
  const { chargePoint, station } = await connectedStation(first, { tariffId });
  expect(second.app.chargePoints.isConnected(chargePoint.id)).toBe(false);
  const who = await driver(first);
  station.plug(1, testCar);
  await station.flush();
  const started = await start(second, who, { connectorId: chargePoint.station.connectorIds[0]! });
  expect(started.status).toBe(200);
  const { transactionId } = started.body;
  await eventually(async () => (await sessionOf(first, transactionId)).status === 'charging');
  const stopped = station.next('transactionStopped');
  const stop = await second.call<Charge>(stopCharge, { token: who.token, body: { transactionId } });
  expect(stop.status).toBe(200);
  expect((await stopped).reason).toBe('Remote');
  // Its StopTransaction answered before the socket goes, so the session is parked, not lost.
  await station.flush();
  // A charge point no instance holds is offline for both.
  await station.close();
  await eventually(async () => !first.app.chargePoints.isConnected(chargePoint.id));
  await eventually(async () => (await sessionOf(first, transactionId)).status === 'parking');
  const refused = await start(second, who, { connectorId: chargePoint.station.connectorIds[1]! });
  expect(refused.body).toMatchObject({ code: 'COMMAND_REJECTED', details: { reason: 'offline' } });
});
