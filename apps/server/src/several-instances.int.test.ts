import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { addChargePoint, closeSimStations, eventually, simStation } from './test/charge-points';
import { driver, start } from './test/charging';
import { rowOf } from './modules/stations';
import { contractCaller, startTestServer, type TestServer } from './test/harness';
import { freePort } from './test/server-process';
import { insertSessionTariff, sessionOf, testCar } from './test/sessions';

// DESIGN.md Scale-out, as docs/deploy.md deploys it: two instances on one database behind a
// real load balancer (Debian's HAProxy, scripts/ensure-haproxy.sh), sharing rate limits and
// wrong-password counts in Redis (REDIS_URL; scripts/ensure-redis.sh). A charge point connects
// through the balancer to whichever instance it is given; a connector's status reaches both
// instances' maps within a second; a start through the balancer reaches its socket; limits
// count requests to both instances together.

const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A Redis database of its own per run, emptied first: counts of an earlier run do not leak in. */
const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/${1 + Math.floor(Math.random() * 15)}`;

let first: TestServer;
let second: TestServer;
let haproxy: ChildProcess | undefined;
let configDir: string;
let balancerUrl: string;

async function startBalancer(backends: string[]): Promise<string> {
  const port = await freePort();
  configDir = await mkdtemp(path.join(tmpdir(), 'evcharge-haproxy-'));
  const config = path.join(configDir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // OCPP sockets and long polls stay open.
      '  timeout tunnel 1h',
      'frontend evcharge',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option forwardfor',
      ...backends.map((url, i) => `  server instance${i} ${new URL(url).host}`),
      '',
    ].join('\n'),
  );
  haproxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  haproxy.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (haproxy?.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
      return (await fetch(`${url}/health`).catch(() => undefined))?.ok === true;
    },
    10_000,
  );
  return url;
}

beforeAll(async () => {
  const flush = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await flush.flushdb();
  await flush.quit();
  const shared = {
    config: { redisUrl },
    rateLimits: { authPerMinute: 8, wrongPasswordsPerHour: 5 },
  };
  first = await startTestServer({ listen: true, ...shared });
  second = await startTestServer({ database: first.database, ...shared });
  balancerUrl = await startBalancer([first.baseUrl, second.baseUrl]);
}, 60_000);

afterAll(async () => {
  await closeSimStations();
  haproxy?.kill('SIGTERM');
  await second?.close();
  await first?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

/** The status both instances' maps (their read models) show for a connector. */
function mapStatus(server: TestServer, stationId: string, connectorId: string) {
  const row = rowOf(server.app.stationReadModel.snapshot(), stationId);
  return row?.connectors.find((c) => c.id === connectorId)?.status;
}

describe('two instances behind HAProxy on one database', () => {
  it('a charge point connects through the balancer; its connector’s status reaches both maps within a second', async () => {
    const chargePoint = await addChargePoint(first);
    const station = simStation({ baseUrl: balancerUrl }, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    const connectorId = chargePoint.station.connectorIds[0]!;
    const holders = [first, second].filter((s) => s.app.chargePoints.isConnected(chargePoint.id));
    expect(holders).toHaveLength(1);

    station.fault(1, 'GroundFailure');
    await station.flush();
    const answered = Date.now();
    await eventually(
      async () =>
        mapStatus(first, chargePoint.station.id, connectorId) === 'faulted' &&
        mapStatus(second, chargePoint.station.id, connectorId) === 'faulted',
      1000,
    );
    expect(Date.now() - answered).toBeLessThan(1000);
  });

  it('a start through the balancer reaches the charge point whichever instance holds its socket', async () => {
    const tariffId = await insertSessionTariff(first);
    const chargePoint = await addChargePoint(first, { tariffId });
    const station = simStation({ baseUrl: balancerUrl }, chargePoint);
    await station.connect({ timeoutMs: 5000 });
    await station.flush();
    station.plug(1, testCar);
    await station.flush();
    const who = await driver(first);
    const balancer = { ...first, ...contractCaller(balancerUrl) };
    // Whichever instance the balancer gives the start to, it reaches the socket (the command relay).
    const started = await start(balancer, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    const { transactionId } = started.body as Charge;
    await eventually(async () => (await sessionOf(first, transactionId)).status === 'charging');
  });

  it('rate limits and wrong passwords are counted by both instances together (Redis)', async () => {
    // Wrong passwords from one address on many logins: 5 an hour in all, 3 to one instance
    // and 2 to the other (each login's own lock is in the database anyway).
    let tries = 0;
    const wrong = (server: TestServer) =>
      server.call(signIn, {
        body: { login: `nobody${++tries}@evcharge.test`, password: 'wrong-password', userType: CLIENT_USER_TYPE },
      });
    for (const server of [first, first, first, second, second]) expect((await wrong(server)).status).toBe(401);
    expect((await wrong(second)).status).toBe(429);
    expect((await wrong(first)).status).toBe(429);

    // The stricter per-route limit (8 a minute): 4 to each instance, then both refuse.
    const reset = (server: TestServer) =>
      server.call(resetPassword, { body: { email: 'nobody@evcharge.test' } });
    for (const server of [first, second, first, second, first, second, first, second])
      expect((await reset(server)).status).toBeLessThan(429);
    expect((await reset(first)).status).toBe(429);
    expect((await reset(second)).status).toBe(429);
  });
});
