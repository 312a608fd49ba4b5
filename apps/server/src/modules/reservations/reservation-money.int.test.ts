import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema/charging';
import { balanceOperations } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, type Driver } from '../../test/charging';
import { addCompany } from '../../test/companies';
import { withSimStations, withTestServer } from '../../test/hooks';
import { bindTestCard, driverWithPhone, sandboxPaymentOf } from '../../test/payments';
import {
  cancel,
  FEE_MINOR,
  insertReservationTariff,
  PER_MINUTE_MINOR,
  reservationReceipt,
  reservationRow,
  reserve,
  walletOf,
} from '../../test/reservations';
import { postTransaction, walletBalanceMinor } from '../ledger';

// Who pays for a reservation, by the rules of a start (SPEC §5 minimum balance, §8 debt, §6
// the company's balance): a card held for the most it can cost and captured for what it
// cost, a company's wallet, and the refusals that store nothing.

const server = withTestServer();
withSimStations(server, { ledger: true });
let tariffId = '';
beforeAll(async () => {
  tariffId = await insertReservationTariff(server);
});

type Failure = { code: string; details?: Record<string, unknown> };

async function quickAt(who: Driver) {
  const { chargePoint, station } = await connectedStation(server, { tariffId });
  const answer = await reserve(server, who, {
    connectorId: chargePoint.station.connectorIds[0]!,
    mode: 'quick',
  });
  return { answer, station };
}

async function reservationsOf(who: Driver) {
  return server.db.select().from(reservations).where(eq(reservations.userId, who.id));
}

describe('paying for a reservation', () => {
  it('holds the card for the most it can cost, then captures what it cost; no debt meanwhile', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4242424242424242');
    const { answer, station } = await quickAt(who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'active', payWith: 'card' });
    await eventually(() => station.connector(1).status === 'Reserved');
    const [hold] = await server.db
      .select()
      .from(balanceOperations)
      .where(
        and(
          eq(balanceOperations.reservationId, answer.body.id),
          eq(balanceOperations.orderType, 'ReservationPayment'),
        ),
      );
    expect(hold).toMatchObject({
      status: 'held',
      cardId: card.id,
      amountMinor: FEE_MINOR + 15 * PER_MINUTE_MINOR,
    });
    // The card pays it all at the end: the wallet shows no debt while it holds.
    expect(await walletOf(server, who)).toBe(0);

    const cancelled = await cancel(server, who, answer.body);
    const cost = cancelled.body.costMinor;
    expect(cost).toBe(FEE_MINOR + cancelled.body.idleMinutes * PER_MINUTE_MINOR);
    const captured = await eventually(async () => {
      const [operation] = await server.db
        .select()
        .from(balanceOperations)
        .where(eq(balanceOperations.id, hold!.id));
      return operation?.status === 'succeeded' ? operation : undefined;
    });
    expect(captured.capturedMinor).toBe(cost);
    expect((await sandboxPaymentOf(server, captured.acquirerPaymentId))?.capturedMinor).toBe(cost);
    expect(await walletOf(server, who)).toBe(0);
    const receipt = await reservationReceipt(server, answer.body.id);
    expect(receipt).toMatchObject({
      amountMinor: cost,
      payment: { method: 'card', cardLast4: '4242' },
    });
  });

  it('takes a corporate profile’s reservation from the company’s balance', async () => {
    const who = await driver(server, 0);
    const company = await addCompany(server, {
      members: [{ userId: who.id }],
      balanceMinor: 50_000,
    });
    await server.db
      .update(users)
      .set({ accountType: 'CORPORATE', activeCompanyId: company.id })
      .where(eq(users.id, who.id));
    const { answer } = await quickAt(who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ payWith: 'company' });
    const companyWallet = () =>
      walletBalanceMinor(server.db, { kind: 'company_wallet', companyId: company.id }, 'rub');
    expect(await companyWallet()).toBe(50_000 - FEE_MINOR);
    const cancelled = await cancel(server, who, answer.body);
    await eventually(async () => (await reservationRow(server, answer.body.id)).settledAt);
    expect(await companyWallet()).toBe(50_000 - cancelled.body.costMinor);
    expect(await walletOf(server, who)).toBe(0);
  });

  it('refuses a driver with debt, and one without the minimum or a card, storing nothing', async () => {
    const indebted = await driver(server, 0);
    await postTransaction(server.db, {
      kind: 'adjustment',
      reference: `debt-${indebted.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: indebted.id }, amountMinor: -700 },
        { owner: { kind: 'revenue' }, amountMinor: 700 },
      ],
    });
    const short = await driver(server, 5_000);
    const answers = await Promise.all([quickAt(indebted), quickAt(short)]);
    expect(answers.map(({ answer }) => (answer.body as unknown as Failure).code)).toEqual([
      'DEBT_BLOCKS',
      'INSUFFICIENT_FUNDS',
    ]);
    expect([...(await reservationsOf(indebted)), ...(await reservationsOf(short))]).toEqual([]);
    expect(await walletOf(server, short)).toBe(5_000);
  });
});
