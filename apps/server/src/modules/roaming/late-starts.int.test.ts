import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { haveActiveCharge } from '@evcharge/api/sessions/get-charges';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import { demoBrand } from '../../brand/demo';
import { chargingSessions } from '../../db/schema/charging';
import { userEvents } from '../../db/schema/notifications';
import { driver, expectLedgerBalanced, start, type Driver } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { moneyDeps } from '../../test/money-deps';
import { walletOf } from '../../test/reservations';
import { partnerWithStations, withPeers } from '../../test/roaming';
import { postTransaction } from '../ledger';
import { applyRoamingSession, billRoamingCdr, type ChargeDeps, type RoamingSessionPush } from '../sessions';

// Decision 015: a start the app told the driver had failed (the partner's answer was late,
// invalid or a refusal), which the partner began after all, is never billed unseen. It is
// adopted at once: the driver's again, live with its Stop, told by push, billed from its CDR;
// stopped at once when the money rules refuse it now; and when the connector is someone
// else's by then, stopped and its CDR kept unbilled.

const server = withTestServer();
const newPeer = withPeers();
const silent = { warn: () => undefined };

let parties = 0;
async function refusedStart(who: Driver) {
  parties++;
  const { peer, partner, availableConnector } = await partnerWithStations(server, newPeer, `T${String(parties).padStart(2, '0')}`);
  const free = { id: await availableConnector() };
  // The partner's answer to START_SESSION is a refusal: the app tells the driver it failed.
  peer.commands.response.START_SESSION = 'REJECTED';
  const answer = await start(server, who, { connectorId: free.id });
  expect(answer.status).toBe(409);
  delete peer.commands.response.START_SESSION;
  const [session] = await server.db
    .select()
    .from(chargingSessions)
    .where(and(eq(chargingSessions.userId, who.id), eq(chargingSessions.connectorId, free.id)));
  expect(session!.status).toBe('cancelled');
  return { peer, partner, session: session!, connectorId: free.id };
}

/** The sessions module's deps, with the STOP_SESSIONs it sends kept. */
async function depsWithStops() {
  const stops: { ocpiSessionId: string; sessionId: string }[] = [];
  const base = await moneyDeps(server);
  const deps: ChargeDeps = {
    ...base,
    roamingLink: {
      ...base.roamingLink,
      stopSession: async (request) => {
        stops.push({ ocpiSessionId: request.ocpiSessionId, sessionId: request.sessionId });
        return { kind: 'answered', result: 'ACCEPTED', timeoutSeconds: 30 };
      },
    },
  };
  return { deps, stops };
}

const pushFor = (session: { id: string; ocpiAuthorizationReference: string | null }): RoamingSessionPush => ({
  id: `LATE-${session.id.slice(0, 8)}`,
  status: 'ACTIVE',
  startedAt: new Date(),
  kwh: 0.4,
  authorizationReference: session.ocpiAuthorizationReference!,
  lastUpdated: new Date(),
});

const cdrFor = (session: { id: string; ocpiAuthorizationReference: string | null }, push: RoamingSessionPush) => ({
  id: `CDR-${session.id.slice(0, 8)}`,
  sessionId: push.id,
  authorizationReference: session.ocpiAuthorizationReference!,
  startedAt: push.startedAt!,
  endedAt: new Date(push.startedAt!.getTime() + 30 * 60_000),
  totalEnergyKwh: 3,
  totalTimeHours: 0.5,
  totalParkingHours: 0,
  totalCost: { excl_vat: 1.5, incl_vat: 1.8 },
  energyCost: { excl_vat: 1.5, incl_vat: 1.8 },
});

async function reread(id: string) {
  const [row] = await server.db.select().from(chargingSessions).where(eq(chargingSessions.id, id));
  return row!;
}

describe('a start the partner began after the app said it failed', () => {
  it('is the driver’s at once: live, told by push, and billed once from its CDR', async () => {
    const who = await driver(server, 300_000);
    const { partner, session } = await refusedStart(who);
    const { deps, stops } = await depsWithStops();
    const push = pushFor(session);

    expect(await applyRoamingSession(deps, partner.id, push, silent)).toBe('applied');
    const adopted = await reread(session.id);
    expect(adopted).toMatchObject({ status: 'charging', ocpiSessionId: push.id, energyWh: 400, paymentMethod: 'balance' });
    const active = await server.call<{ haveActive: boolean; transactionIds: number[] }>(haveActiveCharge, { token: who.token });
    expect(active.body).toEqual({ haveActive: true, transactionIds: [adopted.transactionId] });
    const told = await server.db.select().from(userEvents).where(eq(userEvents.userId, who.id));
    expect(told.map((event) => event.type)).toContain('sessionStartedLate');
    expect(stops).toEqual([]);

    expect(await billRoamingCdr(deps, partner.id, cdrFor(session, push))).toBe('billed');
    const expected = roamingPrice(180, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    expect(await reread(session.id)).toMatchObject({ status: 'success', costMinor: expected });
    expect(await walletOf(server, who)).toBe(300_000 - expected);
    await expectLedgerBalanced(server);
  });

  it('one the money rules refuse now is shown and stopped at once', async () => {
    const who = await driver(server, 100_000);
    const { partner, session } = await refusedStart(who);
    // Since the refusal, the driver has fallen into debt: a start now is refused.
    await postTransaction(server.db, {
      kind: 'adjustment',
      reference: `debt-${who.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: who.id }, amountMinor: -105_000 },
        { owner: { kind: 'revenue' }, amountMinor: 105_000 },
      ],
    });
    const { deps, stops } = await depsWithStops();
    const push = pushFor(session);
    await applyRoamingSession(deps, partner.id, push, silent);
    expect((await reread(session.id)).status).toBe('charging');
    expect(stops).toEqual([{ ocpiSessionId: push.id, sessionId: session.id }]);
  });

  it('on a connector in use since, it is stopped and its CDR kept, not billed', async () => {
    const who = await driver(server, 300_000);
    const { peer, partner, session, connectorId } = await refusedStart(who);
    const other = await driver(server, 300_000);
    const taken = await start(server, other, { connectorId });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await peer.idle();
    const { deps, stops } = await depsWithStops();
    const push = pushFor(session);

    await applyRoamingSession(deps, partner.id, push, silent);
    expect(await reread(session.id)).toMatchObject({ status: 'cancelled', ocpiSessionId: push.id });
    expect(stops).toEqual([{ ocpiSessionId: push.id, sessionId: session.id }]);
    expect(await billRoamingCdr(deps, partner.id, cdrFor(session, push))).toBe('unchanged');
    expect(await reread(session.id)).toMatchObject({ status: 'cancelled', costMinor: 0, ocpiCdrId: `CDR-${session.id.slice(0, 8)}` });
    expect(await walletOf(server, who)).toBe(300_000);
  });

  it('a CDR with no session ever shown is kept, not billed, and a push after it changes nothing', async () => {
    const who = await driver(server, 300_000);
    const { partner, session } = await refusedStart(who);
    const { deps } = await depsWithStops();
    const push = pushFor(session);
    expect(await billRoamingCdr(deps, partner.id, cdrFor(session, push))).toBe('unchanged');
    expect(await walletOf(server, who)).toBe(300_000);
    expect(await applyRoamingSession(deps, partner.id, push, silent)).toBe('unchanged');
    expect((await reread(session.id)).status).toBe('cancelled');
    await expectLedgerBalanced(server);
  });
});
