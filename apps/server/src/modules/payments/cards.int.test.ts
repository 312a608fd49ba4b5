import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '@evcharge/api/account/account';
import { getBalance, topUpBalance } from '@evcharge/api/payments/balance';
import { bindCard, deleteCard, listCards, setDefaultCard } from '@evcharge/api/payments/cards';
import { getPayment } from '@evcharge/api/payments/payments';
import type { Card, PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { paymentCards } from '../../db/schema/driver';
import { sandboxCards } from '../../db/schema/sandbox-acquirer';
import { signedInUser } from '../../test/builders';
import { ownPath, payOnSandboxPage } from '../../test/sandbox-card';
import { declineCardNumber } from '../../payments/sandbox/test-cards';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

const confirmedPhone = () => ({
  phone: `+7900${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  isPhoneConfirmed: true,
});

/** Binds a card through the sandbox page; answers the operation as the return page sees it. */
async function bind(token: string, number: string, code?: string) {
  const started = await server.call<PaymentResult>(bindCard, { token, body: {} });
  expect(started.status).toBe(201);
  expect(started.body.status).toBe('pending');
  const walked = await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number, code });
  if (walked.location) {
    const back = new URL(walked.location);
    expect(back.pathname).toBe('/cardredirect');
    expect(back.searchParams.get('operation')).toBe(started.body.operationId);
  }
  const result = await server.call<PaymentResult>(getPayment, {
    token,
    params: { id: started.body.operationId },
  });
  expect(result.status).toBe(200);
  return result.body;
}

describe('card binding', () => {
  it('refuses before the phone is confirmed', async () => {
    const user = await signedInUser(server);
    const res = await server.call(bindCard, { token: user.token, body: {} });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PHONE_NOT_CONFIRMED' });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items).toEqual([]);
  });

  it('binds a card through the page and 3-D Secure; the first card is the default', async () => {
    const user = await signedInUser(server, confirmedPhone());
    const result = await bind(user.token, '4242 4242 4242 4242');
    expect(result).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items).toEqual([
      expect.objectContaining({ last4: '4242', status: 'linked', isDefault: true, bank: 'Sandbox Bank' }),
    ]);
    const second = await bind(user.token, '5555555555554444');
    expect(second.status).toBe('succeeded');
    const both = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(both.body.items.map((card) => [card.last4, card.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const master = both.body.items[1]!;
    const made = await server.call<Card>(setDefaultCard, { token: user.token, params: { id: master.id } });
    expect(made.body.isDefault).toBe(true);
    const removed = await server.call(deleteCard, { token: user.token, params: { id: master.id } });
    expect(removed.status).toBe(200);
    const left = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(left.body.items).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
  });

  it('a wrong 3-D Secure code three times fails with ACQ12 and binds nothing', async () => {
    const user = await signedInUser(server, confirmedPhone());
    const started = await server.call<PaymentResult>(bindCard, { token: user.token, body: {} });
    let walked = await payOnSandboxPage(server, started.body.redirectUrl ?? '', {
      number: '4242424242424242',
      code: '000000',
    });
    expect(walked.status).toBe(422);
    expect(walked.html).toContain('role="alert"');
    for (let attempt = 0; attempt < 2; attempt++) {
      const challenge = await server.fetch(
        `/acquirer/sandbox/3ds/${ownPath(server, started.body.redirectUrl ?? '').split('/').pop()?.split('?')[0]}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'code=111111',
          redirect: 'manual',
        },
      );
      walked = { status: challenge.status, location: challenge.headers.get('location'), html: '' };
    }
    expect(walked.status).toBe(303);
    const result = await server.call<PaymentResult>(getPayment, {
      token: user.token,
      params: { id: started.body.operationId },
    });
    expect(result.body).toMatchObject({ status: 'failed', errorCode: 'ACQ12' });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items).toEqual([]);
  });

  it.each([1, 2, 4, 15, 23])('test card of ACQ%i fails the binding with its code', async (code) => {
    const user = await signedInUser(server, confirmedPhone());
    const result = await bind(user.token, declineCardNumber(code));
    expect(result).toMatchObject({ status: 'failed', errorCode: `ACQ${code}` });
    const cards = await server.call<{ items: Card[] }>(listCards, { token: user.token });
    expect(cards.body.items).toEqual([]);
  });

  it('another user cannot see, default or remove my card', async () => {
    const owner = await signedInUser(server, confirmedPhone());
    await bind(owner.token, '4242424242424242');
    const [card] = (await server.call<{ items: Card[] }>(listCards, { token: owner.token })).body.items;
    const stranger = await signedInUser(server);
    expect(
      (await server.call(setDefaultCard, { token: stranger.token, params: { id: card!.id } })).status,
    ).toBe(404);
    expect(
      (await server.call(deleteCard, { token: stranger.token, params: { id: card!.id } })).status,
    ).toBe(404);
  });
});

describe('account deletion', () => {
  it('removes the cards, and the acquirer forgets their tokens', async () => {
    const user = await signedInUser(server, confirmedPhone());
    await bind(user.token, '4242424242424242');
    const [card] = await server.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.userId, user.id));
    const deleted = await server.call(deleteAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    expect(await server.db.select().from(paymentCards).where(eq(paymentCards.userId, user.id))).toEqual([]);
    const [atAcquirer] = await server.db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.token, card!.token));
    expect(atAcquirer?.unbound).toBeInstanceOf(Date);
  });
});

describe('top-up by a bound card', () => {
  it('credits the balance once and refuses bad amounts', async () => {
    const user = await signedInUser(server, confirmedPhone());
    await bind(user.token, '4242424242424242');
    const [card] = (await server.call<{ items: Card[] }>(listCards, { token: user.token })).body.items;
    const paid = await server.call<PaymentResult>(topUpBalance, {
      token: user.token,
      body: { amountMinor: 50_000, cardId: card!.id },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'succeeded', amountMinor: 50_000 });
    for (const amountMinor of [0, -5, 1.5, 5_000_000_01]) {
      const bad = await server.call(topUpBalance, {
        token: user.token,
        body: { amountMinor, cardId: card!.id },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const balance = await server.call<{ balanceMinor: number }>(getBalance, { token: user.token });
    expect(balance.body.balanceMinor).toBe(50_000);
  });
});
