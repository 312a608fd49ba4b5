import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createLoyaltyCard,
  deleteLoyaltyCard,
  listLoyaltyCards,
  type LoyaltyCard,
} from '@evcharge/api/loyalty/loyalty';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { getChargeById, getCharges } from '@evcharge/api/sessions/get-charges';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { startCharge } from '@evcharge/api/sessions/start-charge';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';
import { chargingSessions } from '../../db/schema/charging';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  receipts,
} from '../../db/schema/money';
import { eventually } from '../../test/charge-points';
import { driver, type Driver } from '../../test/charging';
import { withSessionStations, withTestServer } from '../../test/hooks';
import { addLoyaltyCompany, addPointsCompany, cardNumber } from '../../test/loyalty';
import { accessTokenFor } from '../../test/builders';
import {
  driverWithTag,
  MINUTE_MS,
  perKwh,
  sessionOf,
  startWithTag,
  testCar,
} from '../../test/sessions';
import { walletBalanceMinor } from '../ledger';

// SPEC §7 Loyalty on a session: the card is snapshotted at the start; a discount card takes
// its percentage off the energy part of the cost at the brand's own stations (the plan, the
// live screen, the bill, the receipt and the ledger agree); a points card earns its points
// once, when the session is settled.

const server = withTestServer();
const stations = withSessionStations(server, { ledger: true });

/** The test car draws 11 kW: the meter after `minutes` (whole Wh). */
const whAfter = (minutes: number) => Math.floor((minutes * 11_000) / 60);

async function addCard(who: Driver, companyId: string, number: string, isDefault?: boolean) {
  const answer = await server.call<LoyaltyCard>(createLoyaltyCard, {
    token: who.token,
    body: { companyId, number, ...(isDefault === undefined ? {} : { isDefault }) },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const discountCompany = () => addLoyaltyCompany(server, { discountPercent: 10 });
const pointsCompany = () => addPointsCompany(server);

async function plan(who: Driver, connectorId: string, loyaltyCardId?: string | null) {
  const answer = await server.call<{ costMinor: number; loyalty: Charge['loyalty'] }>(planCharge, {
    token: who.token,
    body: {
      connectorId,
      limit: { mode: 'energy', value: 5000 },
      ...(loyaltyCardId === undefined ? {} : { loyaltyCardId }),
    },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Starts on connector 1 with the test car plugged in, charging `minutes` simulated minutes. */
async function charge(
  who: Driver,
  station: Awaited<ReturnType<typeof stations.connectedStation>>['station'],
  connectorId: string,
  minutes: number,
  loyaltyCardId?: string | null,
) {
  station.plug(1, testCar);
  await station.flush();
  const started = await server.call<Charge>(startCharge, {
    token: who.token,
    body: {
      connectorId,
      limit: { mode: 'none' },
      ...(loyaltyCardId === undefined ? {} : { loyaltyCardId }),
    },
  });
  expect(started.status).toBe(200);
  const { transactionId } = started.body;
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  for (let minute = 0; minute < minutes; minute += 1) {
    station.clock.advance(MINUTE_MS);
    await station.flush();
  }
  return transactionId;
}

async function postingsOf(sessionId: string) {
  return server.db
    .select({ kind: ledgerAccounts.kind, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'charge_payment'),
        eq(ledgerTransactions.reference, sessionId),
      ),
    );
}

const tenPercent = (minor: number) => Math.floor(minor / 10);

describe('a discount card', () => {
  it('lowers the plan, the live cost and the bill by its percentage of the energy only', async () => {
    const who = await driver(server);
    const company = await discountCompany();
    const card = await addCard(who, company.id, cardNumber('29', 13, 'ean13'));
    const { chargePoint, station } = await stations.connectedStation();
    const connectorId = chargePoint.station.connectorIds[0]!;

    // The estimate of 5 kWh at 15.00: 75.00, less 10 %.
    const estimate = await plan(who, connectorId);
    expect(estimate.costMinor).toBe(perKwh(5000) - tenPercent(perKwh(5000)));
    expect(estimate.loyalty).toEqual({
      cardId: card.id,
      companyName: company.name,
      benefit: { kind: 'discount', percent: 10 },
      discountMinor: tenPercent(perKwh(5000)),
      points: null,
    });
    expect((await plan(who, connectorId, null)).loyalty).toBeNull();

    const before = await walletBalanceMinor(
      server.db,
      { kind: 'user_wallet', userId: who.id },
      'rub',
    );
    const transactionId = await charge(who, station, connectorId, 10);
    const energyMinor = perKwh(whAfter(10));
    const discount = tenPercent(energyMinor);
    const live = await server.call<{ items: Charge[] }>(getCharges, { token: who.token });
    expect(live.body.items[0]).toMatchObject({
      transactionId,
      energyWh: whAfter(10),
      costMinor: energyMinor - discount,
      loyalty: { cardId: card.id, discountMinor: discount, points: null },
    });

    // Stopped, then parked 15 minutes (10 free): the parking fee is not discounted.
    await server.call(stopCharge, { token: who.token, body: { transactionId } });
    await eventually(async () => (await sessionOf(server, transactionId)).status === 'parking');
    station.clock.advance(15 * MINUTE_MS);
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    const fullMinor = energyMinor + 500;
    expect(done).toMatchObject({
      costMinor: fullMinor - discount,
      loyaltyDiscountMinor: discount,
      loyaltyCardId: card.id,
      loyalty: { cardId: card.id, companyId: company.id, companyName: company.name },
      loyaltyPoints: null,
    });

    const detail = await server.call<ChargeDetail>(getChargeById, {
      token: who.token,
      params: { transactionId },
    });
    expect(detail.body.costMinor).toBe(fullMinor - discount);
    expect(detail.body.loyalty).toMatchObject({ discountMinor: discount });
    expect(detail.body.costItems).toContainEqual({
      kind: 'loyalty_discount',
      amountMinor: -discount,
      quantity: 1,
    });

    // The receipt: the energy at its full price, the discount as its own line, the total paid.
    const [receipt] = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.kind, 'session'), eq(receipts.sessionId, done.id)));
    expect(receipt!.amountMinor).toBe(fullMinor - discount);
    const items = receipt!.items;
    expect(items.find((item) => item.code === 'energy')?.amountMinor).toBe(energyMinor);
    expect(items.find((item) => item.code === 'loyalty_discount')).toMatchObject({
      amountMinor: -discount,
      title: 'Loyalty programme discount',
    });
    expect(items.reduce((sum, item) => sum + item.amountMinor, 0)).toBe(receipt!.amountMinor);

    // The ledger: revenue at the full cost, the driver the discounted one, the programme the rest.
    const postings = await postingsOf(done.id);
    expect(postings).toHaveLength(3);
    expect(Object.fromEntries(postings.map((p) => [p.kind, p.amountMinor]))).toEqual({
      user_wallet: -(fullMinor - discount),
      revenue: fullMinor,
      loyalty_discounts: -discount,
    });
    const after = await walletBalanceMinor(
      server.db,
      { kind: 'user_wallet', userId: who.id },
      'rub',
    );
    expect(before - after).toBe(fullMinor - discount);
  });

  it('gives nothing at a roaming station', async () => {
    const who = await driver(server);
    const company = await discountCompany();
    await addCard(who, company.id, cardNumber('29', 13, 'ean13'));
    const { chargePoint, station } = await stations.connectedStation();
    await server.db.execute(
      sql`update stations set is_roaming = true, roaming_operator = 'Partner' where id = ${chargePoint.station.id}`,
    );
    const connectorId = chargePoint.station.connectorIds[0]!;
    const estimate = await plan(who, connectorId);
    expect(estimate).toMatchObject({ costMinor: perKwh(5000), loyalty: null });
    const transactionId = await charge(who, station, connectorId, 10);
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    expect(done).toMatchObject({
      costMinor: perKwh(whAfter(10)),
      loyaltyDiscountMinor: 0,
      loyaltyCardId: null,
      loyalty: null,
    });
    expect((await postingsOf(done.id)).map((p) => p.kind).sort()).toEqual([
      'revenue',
      'user_wallet',
    ]);
  });

  it('refuses another driver’s card at the plan and the start: NOT_FOUND, no session', async () => {
    const owner = await driver(server);
    const who = await driver(server);
    const company = await discountCompany();
    const card = await addCard(owner, company.id, cardNumber('29', 13, 'ean13'));
    const { chargePoint, station } = await stations.connectedStation();
    const connectorId = chargePoint.station.connectorIds[0]!;
    const planned = await server.call(planCharge, {
      token: who.token,
      body: { connectorId, limit: { mode: 'none' }, loyaltyCardId: card.id },
    });
    expect(planned.status).toBe(404);
    station.plug(1, testCar);
    await station.flush();
    const started = await server.call(startCharge, {
      token: who.token,
      body: { connectorId, limit: { mode: 'none' }, loyaltyCardId: card.id },
    });
    expect(started.status).toBe(404);
    expect(started.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, who.id)),
    ).toEqual([]);
  });
});

describe('an RFID start', () => {
  it('runs with the driver’s default card', async () => {
    const tagged = await driverWithTag(server);
    const who = { ...tagged, token: await accessTokenFor(server.db, tagged.id) };
    const company = await discountCompany();
    const card = await addCard(who, company.id, cardNumber('29', 13, 'ean13'));
    const { station } = await stations.connectedStation();
    const transactionId = await startWithTag(station, tagged.tag);
    for (let minute = 0; minute < 10; minute += 1) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    const energyMinor = perKwh(whAfter(10));
    expect(await sessionOf(server, transactionId)).toMatchObject({
      loyaltyCardId: card.id,
      loyalty: { cardId: card.id, benefit: { kind: 'discount', percent: 10 } },
      costMinor: energyMinor - tenPercent(energyMinor),
      loyaltyDiscountMinor: tenPercent(energyMinor),
    });
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    expect(done.costMinor).toBe(energyMinor - tenPercent(energyMinor));
  });
});

describe('a points card', () => {
  it('earns its points once, when the session is settled, and keeps the snapshot when removed', async () => {
    const who = await driver(server);
    const discount = await discountCompany();
    const points = await pointsCompany();
    // The discount card is the default; the session names the points card.
    await addCard(who, discount.id, cardNumber('29', 13, 'ean13'));
    const card = await addCard(who, points.id, cardNumber('7', 16, 'luhn'));
    const { chargePoint, station } = await stations.connectedStation();
    const connectorId = chargePoint.station.connectorIds[0]!;
    expect((await plan(who, connectorId, card.id)).loyalty).toMatchObject({
      cardId: card.id,
      benefit: { kind: 'points', pointsPerKwh: 2 },
      discountMinor: 0,
      points: 10,
    });

    const transactionId = await charge(who, station, connectorId, 10, card.id);
    const live = await server.call<{ items: Charge[] }>(getCharges, { token: who.token });
    expect(live.body.items[0]).toMatchObject({
      costMinor: perKwh(whAfter(10)),
      loyalty: { cardId: card.id, discountMinor: 0, points: null },
    });
    // The car leaves while charging: the session ends on its StopTransaction.
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    // 1,833 Wh at 2 points a kWh: 3 whole points.
    const earned = Math.floor((whAfter(10) / 1000) * 2);
    expect(done).toMatchObject({ loyaltyPoints: earned, costMinor: perKwh(whAfter(10)) });
    const pointsOf = async () =>
      (
        await server.call<{ items: LoyaltyCard[] }>(listLoyaltyCards, { token: who.token })
      ).body.items.find((item) => item.id === card.id)?.points;
    expect(await pointsOf()).toBe(earned);

    // A repeated StopTransaction changes nothing.
    const again = await station.call('StopTransaction', {
      transactionId,
      meterStop: done.meterStopWh ?? 0,
      timestamp: new Date().toISOString(),
      reason: 'EVDisconnected',
    });
    expect(again).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(await pointsOf()).toBe(earned);
    const view = await server.call<ChargeDetail>(getChargeById, {
      token: who.token,
      params: { transactionId },
    });
    expect(view.body.loyalty).toEqual({
      cardId: card.id,
      companyName: points.name,
      benefit: { kind: 'points', pointsPerKwh: 2 },
      discountMinor: 0,
      points: earned,
    });
    expect((await postingsOf(done.id)).map((p) => p.kind).sort()).toEqual([
      'revenue',
      'user_wallet',
    ]);

    // The card removed: the session keeps what it ran with.
    await server.call(deleteLoyaltyCard, { token: who.token, params: { id: card.id } });
    const kept = await server.call<ChargeDetail>(getChargeById, {
      token: who.token,
      params: { transactionId },
    });
    expect(kept.body.loyalty).toEqual(view.body.loyalty);
    expect((await sessionOf(server, transactionId)).loyaltyCardId).toBeNull();
  });
});
