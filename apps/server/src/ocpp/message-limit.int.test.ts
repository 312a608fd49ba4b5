import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { addChargePoint, eventually, ocppUrl, type TestChargePoint } from '../test/charge-points';
import { startTestServer, type TestServer } from '../test/harness';
import { driverWithTag, insertSessionTariff, sessionOf } from '../test/sessions';

// What one charge point may send (message-limit.ts): a flood is refused with CALLERRORs beyond
// its burst, a flood far above the limit is disconnected, and neither its own transaction
// messages nor another charge point's messages wait behind it. Asserted on the order and
// count of the answers, never on times.

const BURST = 10;
const FLOOD_FACTOR = 10;
let server: TestServer;
let tariffId: string;
beforeAll(async () => {
  const { ocpp } = loadConfig({ PUBLIC_URL: 'http://evcharge.test', DEMO_MODE: 'true' });
  // A slow refill (one token in ten seconds): what is admitted is the burst alone.
  server = await startTestServer({
    config: {
      ocpp: { ...ocpp, messageLimits: { burst: BURST, perSecond: 0.1, floodFactor: FLOOD_FACTOR } },
    },
  });
  tariffId = await insertSessionTariff(server);
});
afterAll(async () => {
  await server?.close();
});

type Frame = [number, string, ...unknown[]];

/**
 * A charge point that writes OCPP-J frames as they are, without waiting for answers, and
 * records the answers to its calls in the order they came.
 */
async function rawChargePoint(chargePoint: TestChargePoint) {
  // ocpp-rpc's typings mark every option as required although all have defaults.
  const client = new RPCClient({
    endpoint: ocppUrl(server),
    identity: chargePoint.id,
    password: chargePoint.password,
    protocols: ['ocpp1.6'],
    reconnect: false,
  } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
  const answers: Frame[] = [];
  client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
    const frame = JSON.parse(message) as Frame;
    // 3: CALLRESULT, 4: CALLERROR (the server's own calls, 2, are not answers).
    if (!outbound && (frame[0] === 3 || frame[0] === 4)) answers.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.once('close', (event: { code: number; reason: string }) => resolve(event)),
  );
  await client.connect();
  let isOpen = true;
  void closed.then(() => (isOpen = false));
  return {
    answers,
    closed,
    isOpen: () => isOpen,
    send: (id: string, action: string, payload: object) =>
      client.sendRaw(JSON.stringify([2, id, action, payload])),
    answerTo: (id: string) => eventually(() => answers.find((frame) => frame[1] === id)),
    close: () => client.close({ force: true }),
  };
}

const heartbeats = (point: Awaited<ReturnType<typeof rawChargePoint>>, count: number) => {
  for (let i = 0; i < count; i += 1) point.send(`hb-${i}`, 'Heartbeat', {});
};

const isHeartbeat = (frame: Frame) => frame[1].startsWith('hb-');

describe('a charge point that sends too much', () => {
  it('gets CALLERRORs beyond its burst, while its StartTransaction and another charge point are answered', async () => {
    const flooding = await rawChargePoint(await addChargePoint(server, { tariffId }));
    const other = await rawChargePoint(await addChargePoint(server, { tariffId }));
    const driver = await driverWithTag(server);
    const flood = 60;

    heartbeats(flooding, flood);
    flooding.send('start', 'StartTransaction', {
      connectorId: 1,
      idTag: driver.tag,
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    });
    other.send('status', 'StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
    });

    const started = await flooding.answerTo('start');
    expect(started[0]).toBe(3);
    const { transactionId, idTagInfo } = started[2] as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(idTagInfo.status).toBe('Accepted');
    expect((await sessionOf(server, transactionId)).status).toBe('charging');
    expect(await other.answerTo('status')).toEqual([3, 'status', {}]);

    await eventually(() => flooding.answers.length === flood + 1);
    const beats = flooding.answers.filter(isHeartbeat);
    const answered = beats.filter((frame) => frame[0] === 3);
    const refused = beats.filter((frame) => frame[0] === 4);
    // The burst is answered (and a token the slow refill may add), the rest refused at once.
    expect(answered.length).toBeGreaterThanOrEqual(BURST);
    expect(answered.length).toBeLessThanOrEqual(BURST + 1);
    expect(refused).toHaveLength(flood - answered.length);
    expect(new Set(refused.map((frame) => frame[2]))).toEqual(new Set(['GenericError']));
    // Its StartTransaction waited for the admitted Heartbeats alone, not for the flood.
    const answeredBeforeStart = flooding.answers
      .slice(0, flooding.answers.findIndex((frame) => frame[1] === 'start'))
      .filter((frame) => isHeartbeat(frame) && frame[0] === 3);
    expect(answeredBeforeStart.length).toBeLessThanOrEqual(BURST + 1);
    // Refused, not disconnected: the flood stayed under its factor.
    expect(flooding.isOpen()).toBe(true);
    await flooding.close();
    await other.close();
  });

  it('is disconnected for a flood far above the limit; another charge point stays and is answered', async () => {
    const flooding = await rawChargePoint(await addChargePoint(server, { tariffId }));
    const other = await rawChargePoint(await addChargePoint(server, { tariffId }));

    heartbeats(flooding, 1000);
    const { code } = await flooding.closed;
    expect(code).toBe(1008);
    // It was answered its burst and refused up to the flood's bound, then let go.
    const beats = flooding.answers.filter(isHeartbeat);
    expect(beats.filter((frame) => frame[0] === 3).length).toBeLessThanOrEqual(BURST + 1);
    expect(beats.length).toBeLessThan(1000);

    other.send('beat', 'Heartbeat', {});
    const answer = await other.answerTo('beat');
    expect(answer[0]).toBe(3);
    expect(other.isOpen()).toBe(true);
    await other.close();
  });
});
