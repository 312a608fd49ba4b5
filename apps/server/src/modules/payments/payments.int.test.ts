import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getBalance,
  listBalanceOperations,
  payDebt,
  refundBalance,
  topUpBalance,
} from '@evcharge/api/payments/balance';
import { bindCard, listCards } from '@evcharge/api/payments/cards';
import { acquirerCallback, getPayment } from '@evcharge/api/payments/payments';
import type { BalanceOperation, Card, PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { getReceipt } from '@evcharge/api/payments/receipts';
import { balanceOperations, ledgerTransactions } from '../../db/schema/money';
import { sandboxPayments } from '../../db/schema/sandbox-acquirer';
import { signedInUser } from '../../test/builders';
import { expectLedgerBalanced } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { payOnSandboxPage } from '../../test/sandbox-card';
import { declineCardNumber } from '../../payments/sandbox/test-cards';
import { SIGNATURE_HEADER } from '../../payments/sandbox/notifier';
import { postTransaction } from '../ledger';

// Top-ups, debt payments and refunds through the sandbox acquirer, and the two ways back
// from it (the return page and the signed notification) in either order, or repeated.

type Notification = { url: string; body: string; headers: Record<string, string> };

let server: TestServer;
/** Notifications the sandbox sent, kept for the test to deliver when it wants. */
const notifications: Notification[] = [];

beforeAll(async () => {
  server = await startTestServer({
    acquirerNotify: async (url, body, headers) => {
      notifications.push({ url, body, headers });
    },
  });
});
afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

let phones = 0;
const confirmed = () => ({
  phone: `+7901${String(Date.now() % 1e6).padStart(6, '0')}${phones++ % 10}`,
  isPhoneConfirmed: true,
});

/** Delivers a kept notification to the callback route, as the acquirer would. */
function deliver(notification: Notification) {
  return server.fetch(new URL(notification.url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...notification.headers },
    body: notification.body,
  });
}

function notificationOf(paymentId: string) {
  const found = notifications.find((n) => JSON.parse(n.body).paymentId === paymentId);
  if (!found) throw new Error(`no notification for ${paymentId}`);
  return found;
}

async function acquirerPaymentId(operationId: string) {
  const [row] = await server.db
    .select({ id: balanceOperations.acquirerPaymentId })
    .from(balanceOperations)
    .where(eq(balanceOperations.id, operationId));
  return row?.id ?? '';
}

const balanceOf = async (token: string) =>
  (await server.call<{ balanceMinor: number; debtMinor: number; refundableMinor: number }>(getBalance, { token })).body;

/** A one-time card top-up walked through the page, without the return page or callback yet. */
async function topUpOnPage(token: string, amountMinor: number, number = '4242424242424242', saveCard = false) {
  const started = await server.call<PaymentResult>(topUpBalance, {
    token,
    body: { amountMinor, saveCard },
  });
  expect(started.status).toBe(201);
  expect(started.body).toMatchObject({ status: 'pending', orderType: 'TopUpBalance' });
  expect(started.body.redirectUrl).toContain('/acquirer/sandbox/pay/');
  const walked = await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number });
  expect(walked.status).toBe(303);
  return started.body.operationId;
}

async function boundCard(token: string, number = '4242424242424242') {
  const started = await server.call<PaymentResult>(bindCard, { token, body: {} });
  await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number });
  await server.call(getPayment, { token, params: { id: started.body.operationId } });
  const cards = await server.call<{ items: Card[] }>(listCards, { token });
  const card = cards.body.items.find((item) => item.last4 === number.slice(-4));
  if (!card) throw new Error('card not bound');
  return card;
}

describe('a top-up on the acquirer page', () => {
  it('return page first, then the notification: credited once, with a receipt', async () => {
    const user = await signedInUser(server);
    const operationId = await topUpOnPage(user.token, 25_000);
    const returned = await server.call<PaymentResult>(getPayment, {
      token: user.token,
      params: { id: operationId },
    });
    expect(returned.body).toMatchObject({ status: 'succeeded', amountMinor: 25_000 });
    expect((await deliver(notificationOf(await acquirerPaymentId(operationId)))).status).toBe(200);
    expect((await balanceOf(user.token)).balanceMinor).toBe(25_000);
    const receipt = await server.call<{ kind: string; amountMinor: number }>(getReceipt, {
      token: user.token,
      params: { id: returned.body.receiptId ?? '' },
    });
    expect(receipt.body).toMatchObject({ kind: 'top_up', amountMinor: 25_000 });
  });

  it('notification first, then the return page: the same end', async () => {
    const user = await signedInUser(server);
    const operationId = await topUpOnPage(user.token, 30_000);
    expect((await deliver(notificationOf(await acquirerPaymentId(operationId)))).status).toBe(200);
    expect((await balanceOf(user.token)).balanceMinor).toBe(30_000);
    const returned = await server.call<PaymentResult>(getPayment, {
      token: user.token,
      params: { id: operationId },
    });
    expect(returned.body).toMatchObject({ status: 'succeeded', amountMinor: 30_000 });
    expect((await balanceOf(user.token)).balanceMinor).toBe(30_000);
  });

  it('a notification delivered 100 times at once (and the return page among them) credits once', async () => {
    const user = await signedInUser(server);
    const operationId = await topUpOnPage(user.token, 12_345);
    const notification = notificationOf(await acquirerPaymentId(operationId));
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => deliver(notification)),
      server.call(getPayment, { token: user.token, params: { id: operationId } }),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await balanceOf(user.token)).balanceMinor).toBe(12_345);
    const credits = await server.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, operationId));
    expect(credits).toHaveLength(1);
  });

  it('refuses a notification with a wrong signature, and changes nothing', async () => {
    const user = await signedInUser(server);
    const operationId = await topUpOnPage(user.token, 5_000);
    const real = notificationOf(await acquirerPaymentId(operationId));
    const forged = await deliver({ ...real, headers: { [SIGNATURE_HEADER]: 'a'.repeat(64) } });
    expect(forged.status).toBe(403);
    const unsigned = await server.call(acquirerCallback, {
      params: { acquirer: 'sandbox' },
      body: JSON.parse(real.body),
    });
    expect(unsigned.status).toBe(403);
    expect((await balanceOf(user.token)).balanceMinor).toBe(0);
  });

  it.each(Array.from({ length: 23 }, (_, index) => index + 1))(
    'test card of ACQ%i: the top-up fails with its code and nothing is credited',
    async (code) => {
      const user = await signedInUser(server);
      const operationId = await topUpOnPage(user.token, 10_000, declineCardNumber(code));
      const result = await server.call<PaymentResult>(getPayment, {
        token: user.token,
        params: { id: operationId },
      });
      expect(result.body).toMatchObject({ status: 'failed', errorCode: `ACQ${code}`, receiptId: null });
      expect((await balanceOf(user.token)).balanceMinor).toBe(0);
      const credits = await server.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, operationId));
      expect(credits).toEqual([]);
    },
  );

  it('keeps the card when asked to save it (with a confirmed phone)', async () => {
    const user = await signedInUser(server, confirmed());
    const operationId = await topUpOnPage(user.token, 7_000, '5555555555554444', true);
    await server.call(getPayment, { token: user.token, params: { id: operationId } });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items).toEqual([expect.objectContaining({ last4: '4444', isDefault: true })]);
    const stranger = await signedInUser(server);
    const refused = await server.call(topUpBalance, {
      token: stranger.token,
      body: { amountMinor: 100, saveCard: true },
    });
    expect(refused.body).toMatchObject({ code: 'PHONE_NOT_CONFIRMED' });
    expect(
      (await server.call(getPayment, { token: stranger.token, params: { id: operationId } })).status,
    ).toBe(404);
  });
});

describe('a top-up by a bound card', () => {
  it('a card blocked by the bank: CARD_BLOCKED, the card shows it, nothing is credited', async () => {
    const user = await signedInUser(server, confirmed());
    const card = await boundCard(user.token, '4000000000009987');
    const paid = await server.call(topUpBalance, {
      token: user.token,
      body: { amountMinor: 10_000, cardId: card.id },
    });
    expect(paid.status).toBe(402);
    expect(paid.body).toMatchObject({ code: 'CARD_BLOCKED' });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items[0]).toMatchObject({ status: 'blocked' });
    expect((await balanceOf(user.token)).balanceMinor).toBe(0);
    const again = await server.call(topUpBalance, {
      token: user.token,
      body: { amountMinor: 10_000, cardId: card.id },
    });
    expect(again.body).toMatchObject({ code: 'CARD_BLOCKED' });
  });

  it('a card that binds but has no money: ACQ1 insufficient funds', async () => {
    const user = await signedInUser(server, confirmed());
    const card = await boundCard(user.token, '4000000000000341');
    const paid = await server.call(topUpBalance, {
      token: user.token,
      body: { amountMinor: 10_000, cardId: card.id },
    });
    expect(paid.status).toBe(402);
    expect(paid.body).toMatchObject({ code: 'ACQ1', message: 'Insufficient funds' });
    const operations = await server.call<{ items: BalanceOperation[] }>(listBalanceOperations, {
      token: user.token,
    });
    expect(operations.body.items[0]).toMatchObject({
      type: 'TopUpBalance',
      status: 'failed',
      errorCode: 'ACQ1',
      card: { last4: '0341' },
    });
  });
});

describe('refund to the card', () => {
  it('gives the balance back to the cards it came from, never more than they brought', async () => {
    const user = await signedInUser(server, confirmed());
    const card = await boundCard(user.token);
    await server.call(topUpBalance, { token: user.token, body: { amountMinor: 20_000, cardId: card.id } });
    await server.call(topUpBalance, { token: user.token, body: { amountMinor: 5_000, cardId: card.id } });
    // Money that did not come from a card (a support adjustment) is not refundable to one.
    await postTransaction(server.db, {
      kind: 'adjustment',
      reference: `gift-${user.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: user.id }, amountMinor: 1_000 },
        { owner: { kind: 'revenue' }, amountMinor: -1_000 },
      ],
    });
    expect(await balanceOf(user.token)).toMatchObject({ balanceMinor: 26_000, refundableMinor: 25_000 });
    const tooMuch = await server.call(refundBalance, { token: user.token, body: { amountMinor: 25_001 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { refundableMinor: 25_000 } });
    // Two refunds at once for all of it: one wins, the other is refused.
    const both = await Promise.all([
      server.call<{ refundedMinor: number }>(refundBalance, { token: user.token, body: { amountMinor: 22_000 } }),
      server.call<{ refundedMinor: number }>(refundBalance, { token: user.token, body: { amountMinor: 22_000 } }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const won = both.find((answer) => answer.status === 201)!;
    expect(won.body.refundedMinor).toBe(22_000);
    expect(await balanceOf(user.token)).toMatchObject({ balanceMinor: 4_000, refundableMinor: 3_000 });
    const atAcquirer = await server.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.kind, 'refund'));
    const mine = atAcquirer.filter((row) => row.cardToken !== null && row.status === 'succeeded');
    expect(mine.reduce((sum, row) => sum + row.amountMinor, 0)).toBeGreaterThanOrEqual(22_000);
  });
});

describe('debt', () => {
  it('is paid by a bound card at once, with a receipt; nothing to pay afterwards', async () => {
    const user = await signedInUser(server, confirmed());
    const card = await boundCard(user.token);
    await postTransaction(server.db, {
      kind: 'charge_payment',
      reference: `debt-${user.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: user.id }, amountMinor: -3_500 },
        { owner: { kind: 'revenue' }, amountMinor: 3_500 },
      ],
    });
    expect(await balanceOf(user.token)).toMatchObject({ balanceMinor: -3_500, debtMinor: 3_500 });
    const paid = await server.call<PaymentResult>(payDebt, {
      token: user.token,
      body: { cardId: card.id },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'succeeded', orderType: 'PayDebt', amountMinor: 3_500 });
    expect(await balanceOf(user.token)).toMatchObject({ balanceMinor: 0, debtMinor: 0 });
    const receipt = await server.call<{ kind: string }>(getReceipt, {
      token: user.token,
      params: { id: paid.body.receiptId ?? '' },
    });
    expect(receipt.body.kind).toBe('debt_payment');
    const again = await server.call(payDebt, { token: user.token, body: { cardId: card.id } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'NO_DEBT' });
  });
});
