import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payDebt, topUpBalance } from '@evcharge/api/payments/balance';
import { getPayment } from '@evcharge/api/payments/payments';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { getShopOrder } from '@evcharge/api/shop/shop';
import { balanceOperations } from '../../db/schema/money';
import { signedInUser } from '../../test/builders';
import { expectLedgerBalanced } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { payOnSandboxPage } from '../../test/sandbox-card';
import {
  fundWallet,
  ledgerRowsOf,
  orderBody,
  ORDER_TOTAL_MINOR,
  orderOf,
  placeOrder,
  receiptsOfOrder,
  salesOf,
} from '../../test/shop';

// SPEC §2 /callback: after a one-time payment (a shop order, a top-up, the debt) the bank
// sends the driver back to /callback, whose GET /api/payments/:id settles the payment with the
// acquirer if it is still open; the acquirer's signed notification does the same. Whichever
// comes first, in either order or at the same moment, the order is paid once: one sale, one
// credit, one receipt. On PostgreSQL the requests really run at once.

type Notification = { url: string; body: string; headers: Record<string, string> };

let server: TestServer;
/** The sandbox's notifications, held back for the test to deliver when it chooses. */
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

function deliver(notification: Notification) {
  return server.fetch(new URL(notification.url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...notification.headers },
    body: notification.body,
  });
}

async function notificationOf(operationId: string) {
  const [row] = await server.db
    .select({ paymentId: balanceOperations.acquirerPaymentId })
    .from(balanceOperations)
    .where(eq(balanceOperations.id, operationId));
  const found = notifications.find((n) => JSON.parse(n.body).paymentId === row?.paymentId);
  if (!found) throw new Error(`no notification for operation ${operationId}`);
  return found;
}

/** An order by a one-time card, its card page walked; the driver is on the way back. */
async function orderPaidOnPage(number = '4242424242424242') {
  const driver = await signedInUser(server);
  const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'oneTimeCard' }));
  expect(placed.status).toBe(201);
  const walked = await payOnSandboxPage(server, placed.body.redirectUrl ?? '', { number });
  const back = new URL(walked.location ?? '');
  expect(back.pathname).toBe('/callback');
  const operationId = back.searchParams.get('operation') ?? '';
  expect(operationId).toBe(placed.body.order.payment?.operationId);
  return { driver, order: placed.body.order, operationId };
}

const returnTo = (token: string, id: string) =>
  server.call<PaymentResult>(getPayment, { token, params: { id } });

async function expectPaidOnce(orderId: string) {
  expect(await salesOf(server, orderId)).toHaveLength(1);
  expect(await receiptsOfOrder(server, orderId)).toHaveLength(1);
  const rows = await ledgerRowsOf(server, orderId);
  expect(rows).toHaveLength(4);
  expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(0);
}

describe('a shop order paid on the bank page', () => {
  it('the return to /callback first, then the notification: paid once', async () => {
    const { driver, order, operationId } = await orderPaidOnPage();
    const returned = await returnTo(driver.token, operationId);
    expect(returned.body).toMatchObject({ status: 'succeeded', shopOrderId: order.id });
    expect(returned.body.receiptId).not.toBeNull();
    expect((await deliver(await notificationOf(operationId))).status).toBe(200);
    expect(await orderOf(server, driver, order.id)).toMatchObject({ status: 'paid', receiptId: returned.body.receiptId });
    await expectPaidOnce(order.id);
  });

  it('the notification first, then the return: the same end', async () => {
    const { driver, order, operationId } = await orderPaidOnPage();
    expect((await deliver(await notificationOf(operationId))).status).toBe(200);
    // Paid before the driver is back: the return page only shows it.
    expect((await orderOf(server, driver, order.id)).status).toBe('paid');
    const returned = await returnTo(driver.token, operationId);
    expect(returned.body).toMatchObject({ status: 'succeeded', shopOrderId: order.id });
    await expectPaidOnce(order.id);
  });

  it('the return, the order page and 50 notifications at the same moment: paid once', async () => {
    const { driver, order, operationId } = await orderPaidOnPage();
    const notification = await notificationOf(operationId);
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => deliver(notification)),
      returnTo(driver.token, operationId),
      server.call(getShopOrder, { token: driver.token, params: { id: order.id } }),
      returnTo(driver.token, operationId),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await orderOf(server, driver, order.id)).status).toBe('paid');
    await expectPaidOnce(order.id);
  });

  it('a decline comes back to /callback with its code; the notification changes nothing more', async () => {
    const { driver, order, operationId } = await orderPaidOnPage('4000030000000009');
    const [returned] = await Promise.all([
      returnTo(driver.token, operationId),
      deliver(await notificationOf(operationId)),
    ]);
    expect(returned.body).toMatchObject({ status: 'failed', errorCode: 'ACQ3', shopOrderId: order.id, receiptId: null });
    expect((await orderOf(server, driver, order.id)).status).toBe('failed');
    expect(await ledgerRowsOf(server, order.id)).toEqual([]);
    expect(await receiptsOfOrder(server, order.id)).toEqual([]);
  });

  it('another driver cannot settle or read it through the return page', async () => {
    const { order, operationId } = await orderPaidOnPage();
    const stranger = await signedInUser(server);
    expect((await returnTo(stranger.token, operationId)).status).toBe(404);
    expect((await server.call(getShopOrder, { token: stranger.token, params: { id: order.id } })).status).toBe(404);
    expect(await salesOf(server, order.id)).toEqual([]);
  });
});

describe('top-ups and debt payments on the bank page come back to /callback too', () => {
  it('a top-up', async () => {
    const driver = await signedInUser(server);
    const started = await server.call<PaymentResult>(topUpBalance, { token: driver.token, body: { amountMinor: ORDER_TOTAL_MINOR } });
    const walked = await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number: '4242424242424242' });
    const back = new URL(walked.location ?? '');
    expect(back.pathname).toBe('/callback');
    expect(back.searchParams.get('operation')).toBe(started.body.operationId);
    expect((await returnTo(driver.token, started.body.operationId)).body).toMatchObject({
      orderType: 'TopUpBalance',
      status: 'succeeded',
      shopOrderId: null,
    });
    // Money topped up that way pays an order from the balance.
    const placed = await placeOrder(server, driver, orderBody());
    expect(placed.body.order.status).toBe('paid');
  });

  it('a debt payment', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, -12_000);
    const started = await server.call<PaymentResult>(payDebt, { token: driver.token, body: {} });
    const walked = await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number: '4242424242424242' });
    expect(new URL(walked.location ?? '').pathname).toBe('/callback');
    expect((await returnTo(driver.token, started.body.operationId)).body).toMatchObject({
      orderType: 'PayDebt',
      status: 'succeeded',
    });
  });
});
