import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChargeEvent } from '@evcharge/api/charges/charge-schemas';
import { subscribeCharges } from '@evcharge/api/charges/subscribe-charges';
import { closeSimStations, connectedStation } from '../../test/charge-points';
import { driver, start } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertSessionTariff } from '../../test/sessions';

// DESIGN.md Scale-out: two instances on one database. The charge point's socket and the
// start are on one; the driver's long poll waits on the other and wakes at once (NOTIFY).

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
