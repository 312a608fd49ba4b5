import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import { demoBrand } from '../../brand/demo';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { connectors, stations } from '../../db/schema/stations';
import { eventually } from '../../test/charge-points';
import { driver, expectLedgerBalanced, start, type Driver } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { moneyDeps } from '../../test/money-deps';
import { cancel, minutesFrom, reservationRow, reserve, walletOf } from '../../test/reservations';
import { roamingDeps, withPeers } from '../../test/roaming';
import { sweepReservations } from '../reservations';
import { billRoamingCdr } from '../sessions';
import { appTokenOf, pullPartner, registerWith, roamingLink, type RoamingDeps } from './index';

// SPEC §1 roaming, §3 Reservation: a reservation of a partner's connector from our app goes to
// the partner as OCPI 2.2.1 §13 RESERVE_NOW for the driver's app token, its asynchronous
// result decides it, a cancel or its end sends CANCEL_RESERVATION, the driver's start there
// uses it, and its money (the partner's reservation price with our markup) always balances.

const server = withTestServer();
const newPeer = withPeers();

const deps = (): RoamingDeps => roamingDeps(server);
const silent = { warn: () => undefined };

let parties = 0;
async function partnerWithStations() {
  parties++;
  const peer = await newPeer({
    countryCode: 'FI',
    partyId: `R${String(parties).padStart(2, '0')}`,
  });
  const partner = await registerWith(deps(), peer.versionsUrl, peer.config.registrationToken);
  await pullPartner(deps(), partner.id, silent);
  const taken = new Set<string>();
  const availableConnector = async () => {
    const rows = await server.db
      .select({
        id: connectors.id,
        evseUid: connectors.ocpiEvseUid,
        tariffIds: connectors.ocpiTariffIds,
        locationId: stations.ocpiLocationId,
      })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(eq(stations.roamingPartnerId, partner.id), eq(connectors.status, 'available')));
    const free = rows.find((row) => !taken.has(row.id))!;
    taken.add(free.id);
    return free;
  };
  return { peer, partner, availableConnector };
}

/** One pass of the reservation sweep as if the clock said `at`, with the real roaming link. */
async function sweepAt(at: Date) {
  const sweepDeps = {
    ...(await moneyDeps(server)),
    chargePoints: server.app.chargePoints,
    roamingLink: roamingLink(deps),
  };
  await sweepReservations(sweepDeps, server.app.log, at);
}

const commandsTo = (peer: { requestLog: { url: string; body?: unknown }[] }, command: string) =>
  peer.requestLog.filter((r) => r.url.endsWith(`/commands/${command}`));

type Failure = { code: string; details?: { reason?: string } };

async function quick(who: Driver, connectorId: string) {
  return reserve(server, who, { connectorId, mode: 'quick' });
}

/** The partner's tariff of `connector` made to price reservations: 2.00 once and 6.00 an hour. */
async function priceReservations(
  peer: Awaited<ReturnType<typeof partnerWithStations>>['peer'],
  tariffId: string,
) {
  const tariff = peer.store.tariffs.get(tariffId)!;
  await peer.updateTariff({
    ...tariff,
    elements: [
      ...tariff.elements,
      {
        price_components: [
          { type: 'FLAT', price: 2, step_size: 1 },
          { type: 'TIME', price: 6, step_size: 60 },
        ],
        restrictions: { reservation: 'RESERVATION' },
      },
    ],
    last_updated: new Date(Date.now() + 1000).toISOString(),
  });
  await peer.idle();
  const rub = (partnerMinor: number) =>
    roamingPrice(partnerMinor, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
  return { feeMinor: rub(200), perMinuteMinor: Math.ceil(rub(600) / 60) };
}

describe('reserving a partner’s connector from our app', () => {
  it('RESERVE_NOW for the driver’s app token, held once ACCEPTED; a cancel sends CANCEL_RESERVATION', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    const connector = await availableConnector();

    const quote = await server.call<{
      quote: { fixedCostMinor: number; idleMinuteCostMinor: number; currency: string };
    }>(connectorReserveNowV2, { token: who.token, params: { id: connector.id } });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // The partner's tariff does not price reservations: they cost nothing.
    expect(quote.body.quote).toMatchObject({
      fixedCostMinor: 0,
      idleMinuteCostMinor: 0,
      currency: 'rub',
    });

    const made = await quick(who, connector.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ status: 'active', costMinor: 0 });
    const [asked] = commandsTo(peer, 'RESERVE_NOW');
    expect(asked!.body).toMatchObject({
      reservation_id: made.body.id,
      location_id: connector.locationId,
      evse_uid: connector.evseUid,
      token: { uid: appTokenOf(deps(), who.id).uid, type: 'APP_USER' },
    });
    const row = await reservationRow(server, made.body.id);
    expect(new Date((asked!.body as { expiry_date: string }).expiry_date).getTime()).toBe(
      row.endsAt.getTime(),
    );
    await peer.idle();
    expect(peer.store.reservations.get(made.body.id)).toBeDefined();
    // The result came: nothing is awaited any more.
    await eventually(async () =>
      (await reservationRow(server, made.body.id)).ocpiResultDueAt === null ? true : undefined,
    );

    const cancelled = await cancel(server, who, made.body);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', costMinor: 0 });
    expect(commandsTo(peer, 'CANCEL_RESERVATION').map((r) => r.body)).toEqual([
      expect.objectContaining({ reservation_id: made.body.id }),
    ]);
    await peer.idle();
    expect(peer.store.reservations.has(made.body.id)).toBe(false);
    expect(await walletOf(server, who)).toBe(100_000);
    await expectLedgerBalanced(server);
  });

  it('priced by the partner’s reservation element with our markup: fixed cost and minutes held, through the ledger', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    const connector = await availableConnector();
    const { feeMinor, perMinuteMinor } = await priceReservations(peer, connector.tariffIds![0]!);
    expect(feeMinor).toBeGreaterThan(0);

    const made = await quick(who, connector.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      status: 'active',
      fixedCostMinor: feeMinor,
      idleMinuteCostMinor: perMinuteMinor,
    });
    await peer.idle();
    expect(await walletOf(server, who)).toBe(100_000 - feeMinor);

    // It runs to its end: the partner is told to let go, the minutes held are paid.
    const row = await reservationRow(server, made.body.id);
    await sweepAt(row.endsAt);
    const ended = await reservationRow(server, made.body.id);
    expect(ended.status).toBe('expired');
    const minutes = Math.round((row.endsAt.getTime() - row.begunAt!.getTime()) / 60_000);
    expect(ended.costMinor).toBe(feeMinor + minutes * perMinuteMinor);
    expect(await walletOf(server, who)).toBe(100_000 - ended.costMinor);
    expect(commandsTo(peer, 'CANCEL_RESERVATION')).toHaveLength(1);
    await expectLedgerBalanced(server);
  });

  it('a REJECTED or NOT_SUPPORTED answer fails it at once, with the reason, at no cost', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    const connector = await availableConnector();
    await priceReservations(peer, connector.tariffIds![0]!);

    for (const [answer, reason] of [
      ['REJECTED', 'Rejected'],
      ['NOT_SUPPORTED', 'notSupported'],
    ] as const) {
      peer.commands.response.RESERVE_NOW = answer;
      const refused = await quick(who, connector.id);
      expect(refused.status).toBe(409);
      expect(refused.body as unknown as Failure).toMatchObject({
        code: 'RESERVATION_FAILED',
        details: { reason },
      });
    }
    expect(await walletOf(server, who)).toBe(100_000);
    expect(peer.store.reservations.size).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('a result that is not ACCEPTED fails it with the reason translated and gives back the fixed cost', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    const connector = await availableConnector();
    await priceReservations(peer, connector.tariffIds![0]!);

    for (const [result, reason] of [
      ['EVSE_OCCUPIED', 'Occupied'],
      ['EVSE_INOPERATIVE', 'Unavailable'],
      ['FAILED', 'failed'],
      ['TIMEOUT', 'timeout'],
      ['REJECTED', 'Rejected'],
    ] as const) {
      peer.commands.result.RESERVE_NOW = result;
      const made = await quick(who, connector.id);
      // The result may come before or after the answer to the driver: either way it fails.
      if (made.status !== 200)
        expect(made.body as unknown as Failure).toMatchObject({ details: { reason } });
      await peer.idle();
      const latest = await eventually(async () => {
        const rows = await server.db
          .select()
          .from(reservations)
          .where(eq(reservations.userId, who.id));
        if (rows.some((row) => row.status !== 'failed')) return undefined;
        return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      });
      expect(latest).toMatchObject({
        status: 'failed',
        failReason: reason,
        costMinor: 0,
        ocpiResultDueAt: null,
      });
      expect(latest!.settledAt).not.toBeNull();
      expect(await walletOf(server, who)).toBe(100_000);
    }
    // The partner holds nothing: no CANCEL_RESERVATION.
    expect(commandsTo(peer, 'CANCEL_RESERVATION')).toHaveLength(0);
    await expectLedgerBalanced(server);
  });

  it('no result within the partner’s timeout: failed as timed out, the partner told to let go, money back', async () => {
    const { peer, availableConnector } = await partnerWithStations();
    const who = await driver(server, 100_000);
    const connector = await availableConnector();
    const { feeMinor } = await priceReservations(peer, connector.tariffIds![0]!);
    peer.commands.result.RESERVE_NOW = 'NONE';
    peer.commands.timeoutSeconds = 30;

    const made = await quick(who, connector.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await peer.idle();
    expect(await walletOf(server, who)).toBe(100_000 - feeMinor);
    const waiting = await reservationRow(server, made.body.id);
    expect(waiting.ocpiResultDueAt).not.toBeNull();

    // Not yet due: nothing happens.
    await sweepAt(new Date(waiting.ocpiResultDueAt!.getTime() - 1000));
    expect((await reservationRow(server, made.body.id)).status).toBe('active');

    await sweepAt(minutesFrom(waiting.ocpiResultDueAt!, 0.1));
    const failed = await reservationRow(server, made.body.id);
    expect(failed).toMatchObject({ status: 'failed', failReason: 'timeout', costMinor: 0 });
    expect(commandsTo(peer, 'CANCEL_RESERVATION').map((r) => r.body)).toEqual([
      expect.objectContaining({ reservation_id: made.body.id }),
    ]);
    expect(await walletOf(server, who)).toBe(100_000);
    await expectLedgerBalanced(server);
  });

  it('the driver’s start on the reservation: the partner starts it for their token, the reservation is used', async () => {
    const { peer, partner, availableConnector } = await partnerWithStations();
    const who = await driver(server, 300_000);
    const other = await driver(server, 300_000);
    const connector = await availableConnector();
    const { feeMinor, perMinuteMinor } = await priceReservations(peer, connector.tariffIds![0]!);

    const made = await quick(who, connector.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await peer.idle();
    // Someone else may not start on it.
    const refused = await start(server, other, { connectorId: connector.id });
    expect(refused.status).not.toBe(200);

    const started = await start(server, who, { connectorId: connector.id });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await peer.idle();
    const session = await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.transactionId, started.body.transactionId));
      return row?.status === 'charging' ? row : undefined;
    });
    expect(session.reservationId).toBe(made.body.id);
    const used = await reservationRow(server, made.body.id);
    expect(used.status).toBe('completed');
    // The partner used its reservation for the start.
    expect(peer.store.reservations.has(made.body.id)).toBe(false);
    expect(commandsTo(peer, 'CANCEL_RESERVATION')).toHaveLength(0);

    await sweepAt(new Date());
    const settled = await reservationRow(server, made.body.id);
    expect(settled.settledAt).not.toBeNull();
    const minutes = Math.max(
      0,
      Math.ceil((used.endedAt!.getTime() - used.begunAt!.getTime()) / 60_000),
    );
    expect(settled.costMinor).toBeGreaterThanOrEqual(feeMinor);
    expect(settled.costMinor).toBeLessThanOrEqual(feeMinor + minutes * perMinuteMinor);
    expect(await walletOf(server, who)).toBe(300_000 - settled.costMinor);

    // The session's CDR is billed without the reservation's cost, which was paid already.
    const billed = await billRoamingCdr(await moneyDeps(server), partner.id, {
      id: `CDR-${session.id.slice(0, 8)}`,
      sessionId: session.ocpiSessionId!,
      authorizationReference: session.ocpiAuthorizationReference!,
      startedAt: session.startedAt!,
      // Half an hour on the partner's clock: 5 kWh is within what its connector delivers.
      endedAt: new Date(session.startedAt!.getTime() + 30 * 60_000),
      totalEnergyKwh: 5,
      totalTimeHours: 0.5,
      totalParkingHours: 0,
      totalCost: { excl_vat: 5, incl_vat: 6 },
      energyCost: { excl_vat: 4, incl_vat: 4.8 },
      reservationCost: { excl_vat: 1, incl_vat: 1.2 },
    });
    expect(billed).toBe('billed');
    const sessionCost = roamingPrice(480, {
      markupPercent: demoBrand.roaming.markupPercent,
      rate: demoBrand.roaming.rates.eur!.rub!,
    }).driverMinor;
    const [done] = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, session.id));
    expect(done).toMatchObject({ status: 'success', costMinor: sessionCost });
    expect(await walletOf(server, who)).toBe(300_000 - settled.costMinor - sessionCost);
    await expectLedgerBalanced(server);
  });
});
