import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargePoints } from '../db/schema/ocpp';
import {
  addChargePoint,
  closeSimStations,
  ocppUrl,
  simStation,
  type TestChargePoint,
} from '../test/charge-points';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
let chargePoint: TestChargePoint;

beforeAll(async () => {
  server = await startTestServer();
  chargePoint = await addChargePoint(server);
});
afterEach(closeSimStations);
afterAll(async () => {
  await server?.close();
});

/** One connect attempt with ocpp-rpc's own client; resolves to the HTTP status of a refusal. */
async function tryConnect(options: { id: string; password?: string; protocols?: string[] }) {
  // ocpp-rpc's typings mark every option as required although all have defaults.
  const client = new RPCClient({
    endpoint: ocppUrl(server),
    identity: options.id,
    password: options.password ?? null,
    protocols: options.protocols ?? ['ocpp1.6'],
    reconnect: false,
  } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
  try {
    await client.connect();
    await client.close({ force: true });
    return 101;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

function rawUpgrade(path: string, protocol = 'ocpp1.6'): Promise<number | undefined> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': protocol,
      },
    });
    req.on('response', (response) => resolve(response.statusCode));
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the OCPP handshake (security profile 1)', () => {
  it('refuses a socket without the ocpp1.6 subprotocol', async () => {
    expect(await tryConnect({ ...chargePoint, protocols: [] })).toBe(400);
    expect(await tryConnect({ ...chargePoint, protocols: ['ocpp2.0.1'] })).toBe(400);
  });

  it('refuses an unknown charge point and a wrong or missing password alike', async () => {
    expect(await tryConnect({ id: 'CP-NOBODY', password: chargePoint.password })).toBe(401);
    expect(await tryConnect({ id: chargePoint.id, password: 'wrong-password' })).toBe(401);
    expect(await tryConnect({ id: chargePoint.id })).toBe(401);
  });

  it('accepts the right password', async () => {
    expect(await tryConnect(chargePoint)).toBe(101);
  });

  it('answers other upgrade paths 404, and a malformed id 404 without crashing', async () => {
    expect(await rawUpgrade('/api/socket')).toBe(404);
    expect(await rawUpgrade('/ocpp/')).toBe(404);
    expect(await rawUpgrade('/ocpp/a/b')).toBe(404);
    expect(await rawUpgrade('/ocpp/%E0%A4%A')).toBe(404);
    // A subprotocol header that is no list of tokens (RFC 6455 §4.1, RFC 9110 §5.6.2): 400.
    for (const protocol of ['', ' ', 'ocpp1.6,,', 'ocpp1.6, ocpp 1.6', 'ocpp1.6;v=1']) {
      expect(await rawUpgrade(`/ocpp/${chargePoint.id}`, protocol), JSON.stringify(protocol)).toBe(400);
    }
    // HTTP still works beside the sockets.
    expect((await server.fetch('/health')).status).toBe(200);
  });
});

describe('a charge point that connects', () => {
  it('boots: Accepted with the configured interval, its identity stored', async () => {
    const station = simStation(server, chargePoint, {
      vendor: 'ACME',
      model: 'Volt 22',
      serialNumber: 'SN-42',
      firmwareVersion: '1.2.3',
    });
    const boot = station.next('boot');
    await station.connect({ timeoutMs: 5000 });
    expect(await boot).toEqual({
      status: 'Accepted',
      intervalSeconds: server.config.ocpp.heartbeatSeconds,
    });
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(row).toMatchObject({
      vendor: 'ACME',
      model: 'Volt 22',
      serialNumber: 'SN-42',
      firmwareVersion: '1.2.3',
    });
    expect(row?.bootedAt).toBeInstanceOf(Date);
    expect(row?.connectedAt).toBeInstanceOf(Date);
    expect(server.app.chargePoints.isConnected(chargePoint.id)).toBe(true);
  });

  it('gets the time from Heartbeat, and answers to the other notifications', async () => {
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    const before = Date.now();
    const heartbeat = (await station.call('Heartbeat', {})) as { currentTime: string };
    expect(Date.parse(heartbeat.currentTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(await station.call('DataTransfer', { vendorId: 'com.example' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await station.call('DiagnosticsStatusNotification', { status: 'Uploaded' })).toEqual({});
    expect(await station.call('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    const [row] = await server.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.id, chargePoint.id));
    expect(row).toMatchObject({ diagnosticsStatus: 'Uploaded', firmwareStatus: 'Installed' });
  });

  it('answers an action we do not implement with NotImplemented, and a bad payload with a CALLERROR', async () => {
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    await expect(
      station.call('SecurityEventNotification', { type: 'x', timestamp: new Date().toISOString() }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
    // The simulator's own strict mode stops a bad Authorize before it leaves; a raw client shows
    // the server's: an idTag over 20 characters breaks the OCPP schema.
    const client = new RPCClient({
      endpoint: ocppUrl(server),
      identity: chargePoint.id,
      password: chargePoint.password,
      protocols: ['ocpp1.6'],
      reconnect: false,
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
    await client.connect();
    try {
      await expect(client.call('Authorize', { idTag: 'x'.repeat(21) })).rejects.toMatchObject({
        rpcErrorCode: expect.stringMatching(/Violation/),
      });
    } finally {
      await client.close({ force: true });
    }
  });

  it('closes the socket of a frame over the size limit (1009)', async () => {
    const client = new RPCClient({
      endpoint: ocppUrl(server),
      identity: chargePoint.id,
      password: chargePoint.password,
      protocols: ['ocpp1.6'],
      reconnect: false,
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
    await client.connect();
    const closed = new Promise((resolve) => client.once('close', resolve));
    const huge = client.call('DataTransfer', { vendorId: 'x', data: 'x'.repeat(70_000) });
    await expect(huge).rejects.toThrow();
    expect(await closed).toMatchObject({ code: 1009 });
  });

  it('counts connections and messages in the metrics', async () => {
    const station = simStation(server, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    const text = await (await server.fetch('/metrics')).text();
    expect(text).toMatch(/^ocpp_connections 1$/m);
    expect(text).toMatch(
      /ocpp_messages_total\{action="BootNotification",direction="in",outcome="ok"\} \d+/,
    );
    expect(text).toMatch(/ocpp_message_duration_seconds_count\{action="StatusNotification"\} \d+/);
  });

  it('is told "service restart" (1012) when the server closes, so it reconnects', async () => {
    const closing = await startTestServer();
    const own = await addChargePoint(closing);
    const station = simStation(closing, own, { reconnectDelayMs: { initial: 5000, max: 10_000 } });
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    const disconnected = station.next('disconnected', undefined, 5000);
    const started = Date.now();
    await closing.close();
    expect(await disconnected).toMatchObject({ code: 1012 });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
