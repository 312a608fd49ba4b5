import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '@evcharge/api/ocpi/types';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import { ocpiEstimate, type OcpiTariff } from '@evcharge/domain/roaming-tariff';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { roamingTariffs } from '../../db/schema/roaming';
import { demoBrand } from '../../brand/demo';
import { chargingSessions } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { receipts } from '../../db/schema/money';
import { userEvents } from '../../db/schema/notifications';
import { connectors, stations } from '../../db/schema/stations';
import { driver, expectLedgerBalanced, start } from '../../test/charging';
import { eventually } from '../../test/charge-points';
import { withTestServer } from '../../test/hooks';
import { partnerWithStations as sharedPartner, withPeers } from '../../test/roaming';
import { walletOf } from '../../test/reservations';
import { moneyDeps } from '../../test/money-deps';
import { postTransaction } from '../ledger';
import { billRoamingCdr, maxEnergyWh } from '../sessions';

// SPEC §1 roaming, a session at a partner's station from our app (OCPI 2.2.1 §13 commands,
// §9 sessions, §10 CDRs), against the partner operator of apps/ocpi-peer: started by the
// rules of any start, live from the partner's pushes, billed once from its CDR with our
// markup at the rate of the start, whatever order, repeats and faults the pushes come with.

const server = withTestServer();
const newPeer = withPeers();

let parties = 0;
async function partnerWithStations() {
  parties++;
  let now = Date.now();
  const rig = await sharedPartner(server, newPeer, `S${String(parties).padStart(2, '0')}`, {
    clock: () => new Date(now),
  });
  const advance = async (ms: number) => {
    now += ms;
    await rig.peer.advance(0);
    await rig.peer.idle();
  };
  return { ...rig, advance };
}

async function sessionOf(transactionId: number) {
  const [row] = await server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.transactionId, transactionId));
  return row!;
}

describe('charging at a partner’s station from our app', () => {
  it('starts, runs on the partner’s pushes, stops and is billed once from the CDR', async () => {
    const { peer, availableConnector, advance } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const connectorId = await availableConnector();

    const started = await start(server, who, { connectorId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'preparing', currency: 'rub' });
    await peer.idle();
    const session = await eventually(async () => {
      const row = await sessionOf(started.body.transactionId);
      return row.status === 'charging' ? row : undefined;
    });
    expect(session).toMatchObject({
      partnerCurrency: 'EUR',
      roamingRate: demoBrand.roaming.rates.eur!.rub,
      roamingMarkupPercent: demoBrand.roaming.markupPercent,
      tariffId: null,
    });
    expect(session.ocpiSessionId).not.toBeNull();

    // 30 minutes at the partner's power: energy and the running cost in roubles.
    await advance(30 * 60_000);
    const running = await sessionOf(started.body.transactionId);
    expect(running.energyWh).toBeGreaterThan(0);
    expect(running.costMinor).toBeGreaterThan(0);

    const stopped = await server.call<Charge>(stopCharge, {
      token: who.token,
      body: { transactionId: started.body.transactionId },
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await peer.idle();
    const done = await eventually(async () => {
      const row = await sessionOf(started.body.transactionId);
      return row.status === 'success' ? row : undefined;
    });
    const cdr = [...peer.store.cdrs.values()].find((c) => c.session_id === session.ocpiSessionId)!;
    expect(cdr).toBeDefined();
    const partnerMinor = Math.round((cdr.total_cost.incl_vat ?? cdr.total_cost.excl_vat) * 100);
    const expected = roamingPrice(partnerMinor, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    expect(done.costMinor).toBe(expected);
    expect(done.energyWh).toBe(Math.round(cdr.total_energy * 1000));
    expect(done.ocpiCdrId).toBe(cdr.id);
    expect(await walletOf(server, who)).toBe(300_000 - expected);

    // The receipt: the partner's items in roubles and our fee, summing to what was paid.
    const [receipt] = await server.db
      .select()
      .from(receipts)
      .where(eq(receipts.sessionId, done.id));
    expect(receipt!.amountMinor).toBe(expected);
    const items = receipt!.items;
    expect(items.map((item) => item.code)).toContain('roaming_fee');
    expect(items.reduce((sum, item) => sum + item.amountMinor, 0)).toBe(expected);
    const base = roamingPrice(partnerMinor, { markupPercent: 0, rate: demoBrand.roaming.rates.eur!.rub! });
    expect(items.find((item) => item.code === 'roaming_fee')!.amountMinor).toBe(expected - base.driverMinor);

    // The same CDR again, and a late session push: nothing changes twice.
    const token = peer.partner()!.tokenToCallThem;
    const again = await server.fetch('/ocpi/2.2.1/emsp/cdrs', {
      method: 'POST',
      headers: { authorization: authorizationHeader(token), 'content-type': 'application/json' },
      body: JSON.stringify(cdr),
    });
    expect(again.status).toBe(200);
    const late = await server.fetch(
      `/ocpi/2.2.1/emsp/sessions/${cdr.country_code}/${cdr.party_id}/${session.ocpiSessionId}`,
      {
        method: 'PATCH',
        headers: { authorization: authorizationHeader(token), 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'ACTIVE', kwh: 1, last_updated: new Date().toISOString() }),
      },
    );
    expect(late.status).toBe(200);
    expect(await sessionOf(started.body.transactionId)).toMatchObject({
      status: 'success',
      costMinor: expected,
    });
    expect(await walletOf(server, who)).toBe(300_000 - expected);
    await expectLedgerBalanced(server);
  });

  it('a start the partner refuses, or cannot carry out, is cancelled at no cost', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    peer.commands.response.START_SESSION = 'REJECTED';
    const refused = await start(server, who, { connectorId: await availableConnector() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'COMMAND_REJECTED' });

    delete peer.commands.response.START_SESSION;
    peer.commands.result.START_SESSION = 'EVSE_OCCUPIED';
    const accepted = await start(server, who, { connectorId: await availableConnector() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await peer.idle();
    await eventually(async () =>
      (await sessionOf(accepted.body.transactionId)).status === 'cancelled' ? true : undefined,
    );
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('a partner that does not answer in time: the start is cancelled and says so', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    server.config.ocpi.callTimeoutSeconds = 1;
    try {
      peer.faults.hangNext(1);
      const answer = await start(server, who, { connectorId: await availableConnector() });
      expect(answer.status).toBe(504);
      expect(answer.body).toMatchObject({ code: 'START_TIMEOUT' });
    } finally {
      server.config.ocpi.callTimeoutSeconds = 15;
    }
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('the rules of every start hold: a driver in debt is refused before the partner hears of it', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 0);
    await postTransaction(server.db, {
      kind: 'adjustment',
      reference: `debt-${who.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: who.id }, amountMinor: -5_000 },
        { owner: { kind: 'revenue' }, amountMinor: 5_000 },
      ],
    });
    const commandsBefore = peer.requestLog.filter((r) => r.url.includes('/commands/')).length;
    const answer = await start(server, who, { connectorId: await availableConnector() });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: 'DEBT_BLOCKS' });
    expect(peer.requestLog.filter((r) => r.url.includes('/commands/')).length).toBe(commandsBefore);
  });

  it('out-of-order and repeated session pushes never move the figures back', async () => {
    const { peer, availableConnector, advance } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const started = await start(server, who, { connectorId: await availableConnector() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await peer.idle();
    await eventually(async () =>
      (await sessionOf(started.body.transactionId)).status === 'charging' ? true : undefined,
    );
    peer.faults.duplicatePushes = true;
    await advance(10 * 60_000);
    const first = await sessionOf(started.body.transactionId);
    peer.faults.reorderPushes = true;
    await advance(10 * 60_000);
    await advance(10 * 60_000);
    await peer.flushPushes();
    peer.faults.reorderPushes = false;
    const after = await sessionOf(started.body.transactionId);
    expect(after.energyWh).toBeGreaterThan(first.energyWh);
    expect(after.costMinor).toBeGreaterThanOrEqual(first.costMinor);
    // The newest push the partner sent is the one we hold.
    const newest = [...peer.store.sessions.values()].find((s) => s.id === after.ocpiSessionId)!;
    expect(after.energyWh).toBe(Math.round(newest.kwh * 1000));
  });

  it('a CDR that comes several times at once is billed once', async () => {
    const { peer, partner, availableConnector, advance } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const started = await start(server, who, { connectorId: await availableConnector() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await peer.idle();
    const session = await eventually(async () => {
      const row = await sessionOf(started.body.transactionId);
      return row.status === 'charging' ? row : undefined;
    });
    await advance(20 * 60_000);
    const cdr = {
      id: `CDR-${session.id.slice(0, 8)}`,
      sessionId: session.ocpiSessionId!,
      authorizationReference: session.ocpiAuthorizationReference!,
      startedAt: session.startedAt!,
      // An hour on the partner's clock: 7.5 kWh is within what its connector delivers.
      endedAt: new Date(session.startedAt!.getTime() + 60 * 60_000),
      totalEnergyKwh: 7.5,
      totalTimeHours: 1,
      totalParkingHours: 0,
      totalCost: { excl_vat: 3.2, incl_vat: 3.84 },
      energyCost: { excl_vat: 3.2, incl_vat: 3.84 },
    };
    const chargeDeps = await moneyDeps(server);
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => billRoamingCdr(chargeDeps, partner.id, cdr)),
    );
    expect(outcomes.filter((outcome) => outcome === 'billed')).toHaveLength(1);
    const expected = roamingPrice(384, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    expect(await sessionOf(started.body.transactionId)).toMatchObject({
      status: 'success',
      costMinor: expected,
      energyWh: 7500,
    });
    expect(await walletOf(server, who)).toBe(300_000 - expected);
    await expectLedgerBalanced(server);
  });

  it('a CDR that claims more energy than the connector delivers in its time is billed at the bound, marked and told', async () => {
    const { partner, availableConnector } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const connectorId = await availableConnector();
    const started = await start(server, who, { connectorId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = await eventually(async () => {
      const row = await sessionOf(started.body.transactionId);
      return row.status === 'charging' ? row : undefined;
    });
    const [connector] = await server.db
      .select({ powerW: connectors.powerW })
      .from(connectors)
      .where(eq(connectors.id, connectorId));
    const startedAt = session.startedAt!;
    const endedAt = new Date(startedAt.getTime() + 10 * 60_000);
    const boundWh = maxEnergyWh(connector!.powerW, startedAt, endedAt);
    // A megawatt-hour in ten minutes, the energy 40.00 of the 41.00 total.
    const billed = await billRoamingCdr(await moneyDeps(server), partner.id, {
      id: `CDR-${session.id.slice(0, 8)}`,
      sessionId: session.ocpiSessionId!,
      authorizationReference: session.ocpiAuthorizationReference!,
      startedAt,
      endedAt,
      totalEnergyKwh: 1000,
      totalTimeHours: 10 / 60,
      totalParkingHours: 0,
      totalCost: { excl_vat: 41, incl_vat: 41 },
      energyCost: { excl_vat: 40, incl_vat: 40 },
      fixedCost: { excl_vat: 1, incl_vat: 1 },
    });
    expect(billed).toBe('billed');
    // The fixed part stands; the energy's part follows the energy believed.
    const partnerMinor = 100 + Math.round(4000 * (boundWh / 1_000_000));
    const expected = roamingPrice(partnerMinor, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    const done = await sessionOf(started.body.transactionId);
    expect(done).toMatchObject({ status: 'success', energyWh: boundWh, costMinor: expected });
    expect(done.meterClaimedWh).toBe(1_000_000);
    expect(done.meterAnomalyAt).not.toBeNull();
    const told = await server.db
      .select({ type: userEvents.type })
      .from(userEvents)
      .where(and(eq(userEvents.userId, who.id), eq(userEvents.type, 'meterAnomaly')));
    expect(told).toHaveLength(1);
    expect(await walletOf(server, who)).toBe(300_000 - expected);
    await expectLedgerBalanced(server);
  });

  it('plans the session before the start: the partner’s tariff, our markup, the wallet’s currency', async () => {
    const { availableConnector } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const connectorId = await availableConnector();
    const plan = await server.call<{ costMinor: number | null; currency: string; canStart: boolean; energyWh: number | null }>(
      planCharge,
      { token: who.token, body: { connectorId, limit: { mode: 'energy', value: 20_000 } } },
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body).toMatchObject({ currency: 'rub', canStart: true, energyWh: 20_000 });
    const [row] = await server.db
      .select({ tariffIds: connectors.ocpiTariffIds, powerW: connectors.powerW, partnerId: stations.roamingPartnerId })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(eq(connectors.id, connectorId));
    const [stored] = await server.db
      .select({ tariff: roamingTariffs.tariff })
      .from(roamingTariffs)
      .where(and(eq(roamingTariffs.partnerId, row!.partnerId!), eq(roamingTariffs.ocpiId, row!.tariffIds![0]!)));
    const [station] = await server.db
      .select({ offset: stations.utcOffsetMinutes })
      .from(stations)
      .innerJoin(connectors, eq(connectors.stationId, stations.id))
      .where(eq(connectors.id, connectorId));
    // The estimate is taken at the moment of the plan; the test's is a moment later, so the
    // two agree unless a time-of-day price changes in between (not at these test times).
    const partner = ocpiEstimate(stored!.tariff as OcpiTariff, {
      energyWh: 20_000,
      powerKw: row!.powerW / 1000,
      startsAt: new Date(),
      utcOffsetMinutes: station!.offset,
    }).total.inclVatMinor;
    expect(plan.body.costMinor).toBe(
      roamingPrice(partner, { markupPercent: demoBrand.roaming.markupPercent, rate: demoBrand.roaming.rates.eur!.rub! }).driverMinor,
    );
  });

  it('a tag of ours at the partner’s reader: authorized by the start rules, then our session, billed from the CDR', async () => {
    const { peer, partner, availableConnector } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const [tag] = await server.db
      .insert(rfidTags)
      .values({ userId: who.id, uid: `RT${who.id.slice(0, 8).toUpperCase()}` })
      .returning();
    const connectorId = await availableConnector();
    const [place] = await server.db
      .select({ evseUid: connectors.ocpiEvseUid, locationId: stations.ocpiLocationId })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(eq(connectors.id, connectorId));
    const presented = await peer.presentToken(tag!.uid, place!.locationId!, place!.evseUid!);
    expect(presented.allowed).toBe('ALLOWED');
    await peer.idle();
    const session = await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.ocpiSessionId, presented.session!.id));
      return row;
    });
    expect(session).toMatchObject({
      userId: who.id,
      rfidTagId: tag!.id,
      roamingPartnerId: partner.id,
      status: 'charging',
      connectorId,
    });
    await peer.advance(0);
    const cdr = await peer.stopSession(presented.session!.id);
    await peer.idle();
    const done = await eventually(async () => {
      const row = await sessionOf(session.transactionId);
      return row.status === 'success' ? row : undefined;
    });
    const partnerMinor = Math.round((cdr.total_cost.incl_vat ?? cdr.total_cost.excl_vat) * 100);
    const expected = roamingPrice(partnerMinor, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    expect(done.costMinor).toBe(expected);
    expect(await walletOf(server, who)).toBe(300_000 - expected);
    await expectLedgerBalanced(server);
  });
});
