import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { startCharge } from '@evcharge/api/sessions/start-charge';
import { getBalance, payDebt, refundBalance, topUpBalance } from '@evcharge/api/payments/balance';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { chargingSessions } from '../db/schema/charging';
import { idempotencyKeys } from '../db/schema/idempotency';
import { balanceOperations } from '../db/schema/money';
import { sandboxPayments } from '../db/schema/sandbox-acquirer';
import { closeSimStations, connectedStation } from '../test/charge-points';
import { driver, expectLedgerBalanced } from '../test/charging';
import { startTestServer, type TestServer } from '../test/harness';
import { bindTestCard, driverWithPhone } from '../test/payments';
import { insertSessionTariff, testCar } from '../test/sessions';
import { sweepIdempotencyKeys } from './idempotency';

// Requests that move money take an Idempotency-Key (Contract.idempotent): one key, one effect,
// one answer, whatever the timing (on PostgreSQL the repeats really run in parallel).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await closeSimStations();
});
afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

const balanceOf = async (token: string) =>
  (await server.call<{ balanceMinor: number }>(getBalance, { token })).body.balanceMinor;

async function topUpsOf(userId: string) {
  const operations = await server.db
    .select()
    .from(balanceOperations)
    .where(and(eq(balanceOperations.userId, userId), eq(balanceOperations.orderType, 'TopUpBalance')));
  const ids = operations.flatMap((o) => (o.acquirerPaymentId ? [o.acquirerPaymentId] : []));
  const charges = ids.length
    ? await server.db.select().from(sandboxPayments).where(inArray(sandboxPayments.id, ids))
    : [];
  return { operations, charges };
}

describe('Idempotency-Key on a top-up by a bound card', () => {
  it('30 identical requests at once with one key: the card is charged once, all answers equal', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4242424242424242');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call<PaymentResult>(topUpBalance, {
          token: who.token,
          idempotencyKey: key,
          body: { amountMinor: 10_000, cardId: card.id },
        }),
      ),
    );
    expect(answers[0]?.status).toBe(201);
    for (const answer of answers) {
      expect(answer.status).toBe(answers[0]?.status);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(29);
    const { operations, charges } = await topUpsOf(who.id);
    expect(operations).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect(await balanceOf(who.token)).toBe(10_000);
  });

  it('different keys are different payments', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4242424242424242');
    for (let i = 0; i < 2; i += 1) {
      const paid = await server.call(topUpBalance, {
        token: who.token,
        body: { amountMinor: 5_000, cardId: card.id },
      });
      expect(paid.status).toBe(201);
    }
    expect((await topUpsOf(who.id)).charges).toHaveLength(2);
    expect(await balanceOf(who.token)).toBe(10_000);
  });

  it('the same key with another body is refused and moves nothing', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4242424242424242');
    const key = randomUUID();
    const call = (amountMinor: number) =>
      server.call(topUpBalance, {
        token: who.token,
        idempotencyKey: key,
        body: { amountMinor, cardId: card.id },
      });
    expect((await call(5_000)).status).toBe(201);
    const other = await call(7_000);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(who.token)).toBe(5_000);
  });

  it('a key of one driver is not another driver’s answer', async () => {
    const key = randomUUID();
    const [first, second] = [await driverWithPhone(server), await driverWithPhone(server)];
    for (const who of [first, second]) {
      const card = await bindTestCard(server, who, '4242424242424242');
      const paid = await server.call(topUpBalance, {
        token: who.token,
        idempotencyKey: key,
        body: { amountMinor: 3_000, cardId: card.id },
      });
      expect(paid.status).toBe(201);
      expect(await balanceOf(who.token)).toBe(3_000);
    }
  });

  it('no key or a bad one: 400 naming the header, nothing moves', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4242424242424242');
    for (const [idempotencyKey, rule] of [
      [null, 'required'],
      ['x'.repeat(256), 'invalid'],
      ['with space', 'invalid'],
    ] as const) {
      const paid = await server.call(topUpBalance, {
        token: who.token,
        idempotencyKey,
        body: { amountMinor: 3_000, cardId: card.id },
      });
      expect(paid.status).toBe(400);
      expect(paid.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'Idempotency-Key', rule }],
      });
    }
    for (const contract of [refundBalance, payDebt]) {
      const refused = await server.call(contract, {
        token: who.token,
        idempotencyKey: null,
        body: contract === refundBalance ? { amountMinor: 100 } : { cardId: card.id },
      });
      expect(refused.status).toBe(400);
    }
    expect((await topUpsOf(who.id)).operations).toHaveLength(0);
  });

  it('a refusal is the key’s answer too; a key older than 24 h is swept', async () => {
    const who = await driverWithPhone(server);
    const card = await bindTestCard(server, who, '4000000000000341');
    const key = randomUUID();
    const call = () =>
      server.call(topUpBalance, {
        token: who.token,
        idempotencyKey: key,
        body: { amountMinor: 3_000, cardId: card.id },
      });
    const first = await call();
    expect(first.body).toMatchObject({ code: 'ACQ1' });
    expect((await call()).body).toEqual(first.body);
    expect((await topUpsOf(who.id)).operations).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 1000);
    await sweepIdempotencyKeys(server.db, tomorrow);
    const left = await server.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, who.id));
    expect(left).toHaveLength(0);
  });
});

describe('Idempotency-Key on PUT /charge', () => {
  it('a start sent twice with one key starts one session', async () => {
    const tariffId = await insertSessionTariff(server);
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    station.plug(1, testCar);
    await station.flush();
    const who = await driver(server);
    const key = randomUUID();
    const body = { connectorId: chargePoint.station.connectorIds[0], limit: { mode: 'none' } };
    const [a, b] = await Promise.all([
      server.call<Charge>(startCharge, { token: who.token, idempotencyKey: key, body }),
      server.call<Charge>(startCharge, { token: who.token, idempotencyKey: key, body }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const again = await server.call<Charge>(startCharge, {
      token: who.token,
      idempotencyKey: key,
      body,
    });
    expect(again.body.transactionId).toBe(a.body.transactionId);
    const sessions = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.userId, who.id));
    expect(sessions).toHaveLength(1);
  });
});
