import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RPCClient } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addChargePoint } from '../test/charge-points';
import { startTestServer, type TestServer } from '../test/harness';

// OCPP security profile 2: given a certificate, the server answers HTTPS and wss on its port,
// and charge points still authenticate with Basic auth inside TLS.

let server: TestServer;
let dir: string;
let cert: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evcharge-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'));
  server = await startTestServer({
    config: { tls: { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') } },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const port = () => new URL(server.baseUrl).port;

it('answers HTTPS with the given certificate', async () => {
  const status = await new Promise<number | undefined>((resolve, reject) => {
    get({ host: '127.0.0.1', port: port(), path: '/ready', ca: cert }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
  expect(status).toBe(200);
});

it('takes a charge point over wss with Basic auth (security profile 2), and refuses a wrong password', async () => {
  const chargePoint = await addChargePoint(server);
  const connect = async (password: string) => {
    const client = new RPCClient({
      endpoint: `wss://127.0.0.1:${port()}/ocpp`,
      identity: chargePoint.id,
      password,
      protocols: ['ocpp1.6'],
      reconnect: false,
      wsOpts: { ca: cert },
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
    try {
      await client.connect();
      const boot = (await client.call('BootNotification', {
        chargePointVendor: 'evcharge',
        chargePointModel: 'tls-test',
      })) as { status: string };
      await client.close({ force: true });
      return boot.status;
    } catch (error) {
      return (error as { code?: number }).code;
    }
  };
  expect(await connect(chargePoint.password)).toBe('Accepted');
  expect(await connect('wrong-password-123')).toBe(401);
});
