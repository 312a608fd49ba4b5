import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../db/schema/charging';
import { loggerOptions } from '../../logger';
import { driver, start } from '../../test/charging';
import { eventually } from '../../test/charge-points';
import { withTestServer } from '../../test/hooks';
import { walletOf } from '../../test/reservations';
import { partnerWithStations as sharedPartner, withPeers } from '../../test/roaming';

// OCPI 2.2.1 §13 commands we send as eMSP, against a partner (apps/ocpi-peer) that slips: a
// CommandResponse without its timeout is taken with our own wait; an HTTP 429 with
// Retry-After (RFC 9110 §10.2.3) holds every later call to that partner, and the driver is
// told how long; an answer whose body cuts off is its own failure. Each is logged, naming the
// partner and the reason.

const logLines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const server = withTestServer({ logger: { ...(loggerOptions('warn') as object), stream } });
const newPeer = withPeers();


beforeEach(() => {
  logLines.length = 0;
});

type LogLine = {
  level: number;
  msg: string;
  partnerId?: string;
  partner?: string;
  reason?: string;
  command?: string;
};
const warnings = () =>
  logLines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.level === 40);

let parties = 0;
async function partnerWithStations() {
  parties++;
  const rig = await sharedPartner(server, newPeer, `F${String(parties).padStart(2, '0')}`);
  const commandsSent = () => rig.peer.requestLog.filter((r) => r.url.includes('/commands/')).length;
  return { ...rig, commandsSent };
}

async function sessionOf(transactionId: number) {
  const [row] = await server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.transactionId, transactionId));
  return row!;
}

describe('commands to a partner that slips', () => {
  it('a CommandResponse without timeout is taken: the start goes on, with a warning naming the partner', async () => {
    const { peer, partner, availableConnector } = await partnerWithStations();
    const who = await driver(server, 300_000);
    peer.faults.unchecked = true;
    peer.faults.omitCommandTimeout = true;

    const started = await start(server, who, { connectorId: await availableConnector() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'preparing' });
    await peer.idle();
    // The partner's push of the ACTIVE session moves it on.
    const session = await eventually(async () => {
      const row = await sessionOf(started.body.transactionId);
      return row.status === 'charging' ? row : undefined;
    });
    expect(session.ocpiSessionId).not.toBeNull();

    const warning = warnings().find((line) => line.msg.includes('CommandResponse had no timeout'));
    expect(warning, JSON.stringify(warnings())).toMatchObject({
      partnerId: partner.id,
      command: 'START_SESSION',
    });
    expect(warning!.msg).toContain(`${server.config.charging.startTimeoutSeconds} s`);
  });

  it('after a 429 with Retry-After: 30 no command reaches the partner, and the driver is told how long', async () => {
    const { peer, partner, availableConnector, commandsSent } = await partnerWithStations();
    const who = await driver(server, 100_000);
    peer.faults.failNext(1, 429, { retryAfter: 30 });

    const first = await start(server, who, { connectorId: await availableConnector() });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({
      code: 'COMMAND_REJECTED',
      details: { reason: 'busy', retryAfterSeconds: 30 },
    });
    expect(commandsSent()).toBe(1);
    expect(warnings().find((line) => line.msg.includes('answered HTTP 429'))).toMatchObject({
      partnerId: partner.id,
      command: 'START_SESSION',
      reason: 'busy',
    });

    // Within the 30 s: failed at once, without a request to the partner.
    logLines.length = 0;
    const second = await start(server, who, { connectorId: await availableConnector() });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'COMMAND_REJECTED', details: { reason: 'busy' } });
    const left = (second.body as unknown as { details: { retryAfterSeconds: number } }).details
      .retryAfterSeconds;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(30);
    expect(commandsSent()).toBe(1);
    expect(warnings()).toContainEqual(
      expect.objectContaining({ partnerId: partner.id, reason: 'busy', command: 'START_SESSION' }),
    );
    // Nothing was charged for either.
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('a Retry-After beyond an hour is held for an hour, and an HTTP-date is read as such', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    peer.faults.failNext(1, 429, { retryAfter: 86_400 });
    const capped = await start(server, who, { connectorId: await availableConnector() });
    expect(capped.body).toMatchObject({ details: { reason: 'busy', retryAfterSeconds: 3600 } });
    expect(warnings().find((line) => line.msg.includes('HTTP 429'))?.msg).toMatch(
      /86400 s is capped/,
    );

    const other = await partnerWithStations();
    other.peer.faults.failNext(1, 429, {
      retryAfter: new Date(Date.now() + 120_000).toUTCString(),
    });
    const dated = await start(server, who, { connectorId: await other.availableConnector() });
    const seconds = (dated.body as unknown as { details: { retryAfterSeconds: number } }).details
      .retryAfterSeconds;
    expect(seconds).toBeGreaterThanOrEqual(118);
    expect(seconds).toBeLessThanOrEqual(120);
  });

  it('an answer whose body cuts off is its own failure, logged as such', async () => {
    const { peer, partner, availableConnector, commandsSent } = await partnerWithStations();
    const who = await driver(server, 100_000);
    peer.faults.truncateNext(1);

    const answer = await start(server, who, { connectorId: await availableConnector() });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'COMMAND_REJECTED',
      details: { reason: 'unreadable' },
    });
    expect(commandsSent()).toBe(1);
    const warning = warnings().find((line) => line.reason === 'unreadable');
    expect(warning, JSON.stringify(warnings())).toMatchObject({
      partnerId: partner.id,
      command: 'START_SESSION',
    });
    expect(warning!.msg).toMatch(/could not be read/);
    expect(await walletOf(server, who)).toBe(100_000);

    // The next command is sent and answered as usual.
    const next = await start(server, who, { connectorId: await availableConnector() });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });
});
