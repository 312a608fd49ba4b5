import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '@evcharge/api/account/account';
import { getBrand } from '@evcharge/api/brand/get-brand';
import { getBalance, listBalanceOperations } from '@evcharge/api/payments/balance';
import { getPayment } from '@evcharge/api/payments/payments';
import type { BalanceOperation, PaymentResult } from '@evcharge/api/payments/payment-schemas';
import {
  createShopOrder,
  getShopCatalogue,
  getShopOrder,
  listShopOrders,
  shopCatalogueSchema,
  shopOrderSchema,
  type ShopOrder,
} from '@evcharge/api/shop/shop';
import { demoBrand } from '../../brand/demo';
import { shopOrders } from '../../db/schema/shop';
import { declineCardNumber } from '../../payments/sandbox/test-cards';
import { signedInUser } from '../../test/builders';
import { expectLedgerBalanced } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import { bindTestCard, driverWithPhone } from '../../test/payments';
import { ownPath, payOnSandboxPage } from '../../test/sandbox-card';
import {
  expectNothingChanged,
  fundWallet,
  ledgerRowsOf,
  orderBody,
  ORDER_TOTAL_MINOR,
  orderOf,
  placeOrder,
  receiptOf,
  receiptsOfOrder,
  salesOf,
} from '../../test/shop';

// SPEC §2 shop: the catalogue, and an order paid each of the three ways (the balance, the
// bound card, a card typed on the sandbox bank's page), each leaving the ledger balanced and
// a receipt; a refusal changes nothing, a declined card leaves the order failed and no money
// moved.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerBalanced(server);
  await server.close();
});

const balanceOf = async (token: string) =>
  (await server.call<{ balanceMinor: number }>(getBalance, { token })).body.balanceMinor;

describe('GET /api/shop/catalogue', () => {
  it("answers the brand's goods, their prices and the delivery to anyone", async () => {
    const answer = await server.call(getShopCatalogue);
    expect(answer.status).toBe(200);
    const catalogue = shopCatalogueSchema.parse(answer.body);
    expect(catalogue.currency).toBe('rub');
    expect(catalogue.deliveryMinor).toBe(35_000);
    expect(catalogue.items.map((item) => [item.id, item.kind, item.priceMinor, item.maxPerOrder])).toEqual([
      ['rfid-fob', 'rfid', 49_000, 5],
      ['type2-cable', 'cable', 1_890_000, 2],
      ['gbt-adapter', 'adapter', 1_250_000, 2],
      ['home-charger', 'homeCharger', 6_490_000, 1],
    ]);
    expect(catalogue.items[0]?.title).toEqual(demoBrand.shop.items[0]?.title);
    expect(catalogue.items.every((item) => item.imageUrl.startsWith('/shop/'))).toBe(true);
    // Not part of the brand every page asks for.
    expect((await server.call(getBrand)).body).not.toHaveProperty('shop');
  });
});

describe('an order paid from the balance', () => {
  it('is paid at once: the sale in the ledger, the receipt with the goods and the delivery', async () => {
    const driver = await signedInUser(server, { lang: 'en' });
    await fundWallet(server, driver, 2_500_000);
    const placed = await placeOrder(server, driver, orderBody());
    expect(placed.status).toBe(201);
    const order = shopOrderSchema.parse(placed.body.order);
    expect(placed.body.redirectUrl).toBeNull();
    expect(order).toMatchObject({
      status: 'paid',
      paymentMethod: 'balance',
      currency: 'rub',
      subtotalMinor: ORDER_TOTAL_MINOR - 35_000,
      deliveryMinor: 35_000,
      totalMinor: ORDER_TOTAL_MINOR,
      payment: null,
      delivery: {
        name: 'Anna Petrova',
        phone: '+79991234567',
        city: 'Moscow',
        postcode: '125009',
        comment: 'Call before coming',
      },
    });
    expect(order.items.map((item) => [item.itemId, item.quantity, item.priceMinor, item.amountMinor])).toEqual([
      ['rfid-fob', 2, 49_000, 98_000],
      ['type2-cable', 1, 1_890_000, 1_890_000],
    ]);
    expect(order.paidAt).not.toBeNull();
    expect(await balanceOf(driver.token)).toBe(2_500_000 - ORDER_TOTAL_MINOR);

    const sales = await ledgerRowsOf(server, order.id);
    expect(sales.map((row) => [row.kind, row.amountMinor]).sort()).toEqual(
      [['shop_payment', -ORDER_TOTAL_MINOR], ['shop_payment', ORDER_TOTAL_MINOR]].sort(),
    );
    const receipt = await receiptOf(server, driver, order.receiptId ?? '');
    expect(receipt).toMatchObject({ kind: 'shop_order', amountMinor: ORDER_TOTAL_MINOR, payment: { method: 'balance' } });
    expect(receipt.items.map((item) => [item.code, item.title, item.quantity, item.amountMinor])).toEqual([
      ['shop_item', 'RFID key fob', 2, 98_000],
      ['shop_item', 'Type 2 cable, 22 kW, 5 m', 1, 1_890_000],
      ['delivery', 'Delivery', 1, 35_000],
    ]);

    // The wallet's operations show it as paid from the balance, with its receipt.
    const operations = await server.call<{ items: BalanceOperation[] }>(listBalanceOperations, { token: driver.token });
    expect(operations.body.items[0]).toMatchObject({
      type: 'ShopCharge',
      direction: 'out',
      amountMinor: ORDER_TOTAL_MINOR,
      receiptId: order.receiptId,
    });
  });

  it('is refused when the balance does not cover it, and nothing changes', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, ORDER_TOTAL_MINOR - 1);
    const refused = await expectNothingChanged(server, () => placeOrder(server, driver, orderBody()));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'BALANCE_TOO_LOW',
      details: { availableMinor: ORDER_TOTAL_MINOR - 1, totalMinor: ORDER_TOTAL_MINOR },
    });
    expect(await balanceOf(driver.token)).toBe(ORDER_TOTAL_MINOR - 1);
  });

  it('is refused to a driver in debt, whatever the way of paying', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, -5_000);
    for (const paymentMethod of ['balance', 'oneTimeCard'] as const) {
      const refused = await expectNothingChanged(server, () => placeOrder(server, driver, orderBody({ paymentMethod })));
      expect(refused.body).toMatchObject({ code: 'DEBT_BLOCKS', details: { debtMinor: 5_000 } });
    }
  });

  it('spends the same money once when two orders come at once', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, ORDER_TOTAL_MINOR + 10_000);
    const answers = await Promise.all([placeOrder(server, driver, orderBody()), placeOrder(server, driver, orderBody())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402]);
    expect(await balanceOf(driver.token)).toBe(10_000);
  });

  it('answers a repeat with the same Idempotency-Key with the first answer, and pays once', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, 3 * ORDER_TOTAL_MINOR);
    const key = { idempotencyKey: `shop-${driver.id}` };
    const first = await server.call<{ order: ShopOrder }>(createShopOrder, { token: driver.token, body: orderBody(), ...key });
    const again = await server.call<{ order: ShopOrder }>(createShopOrder, { token: driver.token, body: orderBody(), ...key });
    expect(again.status).toBe(201);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await balanceOf(driver.token)).toBe(2 * ORDER_TOTAL_MINOR);
    const list = await server.call<{ items: ShopOrder[]; total: number }>(listShopOrders, { token: driver.token });
    expect(list.body.total).toBe(1);
  });
});

describe('an order paid by the bound card', () => {
  it("takes the money from the default card at once, with the card on the receipt", async () => {
    const driver = await driverWithPhone(server);
    await bindTestCard(server, driver, '4242424242424242');
    const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'boundCard' }));
    expect(placed.status).toBe(201);
    const { order } = placed.body;
    expect(order).toMatchObject({
      status: 'paid',
      paymentMethod: 'boundCard',
      payment: { orderType: 'ShopOrder', status: 'succeeded', shopOrderId: order.id, card: { last4: '4242' } },
    });
    // The card's money passed through the wallet to the sale: the balance is as it was.
    expect(await balanceOf(driver.token)).toBe(0);
    const rows = await ledgerRowsOf(server, order.id);
    expect(rows.map((row) => [row.kind, row.amountMinor]).sort()).toEqual(
      [
        ['card_payment', -ORDER_TOTAL_MINOR],
        ['card_payment', ORDER_TOTAL_MINOR],
        ['shop_payment', -ORDER_TOTAL_MINOR],
        ['shop_payment', ORDER_TOTAL_MINOR],
      ].sort(),
    );
    const receipt = await receiptOf(server, driver, order.receiptId ?? '');
    expect(receipt).toMatchObject({
      kind: 'shop_order',
      amountMinor: ORDER_TOTAL_MINOR,
      payment: { method: 'card', cardLast4: '4242' },
    });
    const operations = await server.call<{ items: BalanceOperation[] }>(listBalanceOperations, { token: driver.token });
    expect(operations.body.items.filter((item) => item.type.startsWith('Shop'))).toEqual([
      expect.objectContaining({ type: 'ShopOrder', direction: 'out', amountMinor: ORDER_TOTAL_MINOR, receiptId: order.receiptId }),
    ]);
  });

  it('a declined card leaves the order failed with the bank code, and no money moved', async () => {
    const driver = await driverWithPhone(server);
    // It binds, then every payment fails with ACQ1 (insufficient funds).
    await bindTestCard(server, driver, '4000000000000341');
    const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'boundCard' }));
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: 'failed',
      receiptId: null,
      paidAt: null,
      payment: { status: 'failed', errorCode: 'ACQ1' },
    });
    expect(await ledgerRowsOf(server, placed.body.order.id)).toEqual([]);
    expect(await receiptsOfOrder(server, placed.body.order.id)).toEqual([]);
    expect((await orderOf(server, driver, placed.body.order.id)).status).toBe('failed');
  });

  it('is refused without a bound card, and nothing changes', async () => {
    const driver = await signedInUser(server);
    const refused = await expectNothingChanged(server, () => placeOrder(server, driver, orderBody({ paymentMethod: 'boundCard' })));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'paymentMethod' }] });
  });
});

/** Places an order by a one-time card and walks the sandbox page with `number`. */
async function payOnPage(driver: { token: string }, number: string) {
  const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'oneTimeCard' }));
  expect(placed.status).toBe(201);
  expect(placed.body.order).toMatchObject({ status: 'awaitingPayment', payment: { status: 'pending' } });
  expect(placed.body.redirectUrl).toContain('/acquirer/sandbox/pay/');
  const walked = await payOnSandboxPage(server, placed.body.redirectUrl ?? '', { number });
  return { order: placed.body.order, walked };
}

describe('an order paid by a card typed on the bank page', () => {
  it('comes back to /callback, and the order is paid with its receipt', async () => {
    const driver = await signedInUser(server, { lang: 'es' });
    const { order, walked } = await payOnPage(driver, '5555555555554444');
    expect(walked.status).toBe(303);
    const back = new URL(walked.location ?? '');
    expect(back.pathname).toBe('/callback');
    const operationId = back.searchParams.get('operation') ?? '';
    expect(operationId).toBe(order.payment?.operationId);

    const returned = await server.call<PaymentResult>(getPayment, { token: driver.token, params: { id: operationId } });
    expect(returned.body).toMatchObject({
      orderType: 'ShopOrder',
      status: 'succeeded',
      amountMinor: ORDER_TOTAL_MINOR,
      shopOrderId: order.id,
    });
    const paid = await orderOf(server, driver, order.id);
    expect(paid).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } });
    // The return page links the order's receipt.
    expect(returned.body.receiptId).toBe(paid.receiptId);
    const receipt = await receiptOf(server, driver, paid.receiptId ?? '');
    // The card typed this once is on the receipt, though it was not kept.
    expect(receipt.payment).toEqual({ method: 'card', cardBrand: 'mastercard', cardLast4: '4444' });
    // The goods are named in the language the driver ordered in.
    expect(receipt.items.map((item) => item.title)).toEqual(['Llavero RFID', 'Cable Tipo 2, 22 kW, 5 m', 'Delivery']);
    expect(await salesOf(server, order.id)).toHaveLength(1);
    expect(await balanceOf(driver.token)).toBe(0);
  });

  it.each([1, 2, 4, 12, 22])('a card declined with ACQ%i leaves the order failed and nothing taken', async (code) => {
    const driver = await signedInUser(server);
    const { order } = await payOnPage(driver, declineCardNumber(code));
    const back = await orderOf(server, driver, order.id);
    expect(back).toMatchObject({ status: 'failed', receiptId: null, payment: { status: 'failed', errorCode: `ACQ${code}` } });
    expect(await ledgerRowsOf(server, order.id)).toEqual([]);
    expect(await balanceOf(driver.token)).toBe(0);
  });

  it('keeps the card when asked (with a confirmed phone), and refuses to keep it without one', async () => {
    const driver = await driverWithPhone(server);
    const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'oneTimeCard', saveCard: true }));
    await payOnSandboxPage(server, placed.body.redirectUrl ?? '', { number: '2200700000000009' });
    expect((await orderOf(server, driver, placed.body.order.id)).status).toBe('paid');
    const again = await placeOrder(server, driver, orderBody({ paymentMethod: 'boundCard' }));
    expect(again.body.order).toMatchObject({ status: 'paid', payment: { card: { last4: '0009' } } });

    const stranger = await signedInUser(server);
    const refused = await expectNothingChanged(server, () =>
      placeOrder(server, stranger, orderBody({ paymentMethod: 'oneTimeCard', saveCard: true })),
    );
    expect(refused.body).toMatchObject({ code: 'PHONE_NOT_CONFIRMED' });
  });

  it('sends the driver back to the origin they came from', async () => {
    const driver = await signedInUser(server);
    const placed = await placeOrder(server, driver, orderBody({ paymentMethod: 'oneTimeCard' }), {
      origin: server.config.publicUrl,
    });
    const pagePath = ownPath(server, placed.body.redirectUrl ?? '');
    expect(pagePath).toContain('lang=');
  });
});

describe('deleting the account', () => {
  it('keeps the sale and its receipt, and forgets who the goods went to', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, ORDER_TOTAL_MINOR);
    const { order } = (await placeOrder(server, driver, orderBody())).body;
    const deleted = await server.call(deleteAccount, { token: driver.token, body: { password: driver.password } });
    expect(deleted.status).toBe(200);
    const [row] = await server.db.select().from(shopOrders).where(eq(shopOrders.id, order.id));
    expect(row).toMatchObject({ status: 'paid', delivery: null });
    expect(await salesOf(server, order.id)).toHaveLength(1);
    expect(await receiptsOfOrder(server, order.id)).toHaveLength(1);
  });
});

describe('the database', () => {
  it('refuses an order marked paid without its sale in the ledger', async () => {
    const driver = await signedInUser(server);
    const { order } = (await placeOrder(server, driver, orderBody({ paymentMethod: 'oneTimeCard' }))).body;
    await expect(
      server.db.update(shopOrders).set({ status: 'paid', paidAt: new Date() }).where(eq(shopOrders.id, order.id)),
    ).rejects.toThrow();
    expect((await orderOf(server, driver, order.id)).status).toBe('awaitingPayment');
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a good the catalogue does not have', { items: [{ itemId: 'free-car', quantity: 1 }] }, 'items.0.itemId'],
    ['more than an order may hold', { items: [{ itemId: 'home-charger', quantity: 2 }] }, 'items.0.quantity'],
    ['the same good twice', { items: [{ itemId: 'rfid-fob', quantity: 1 }, { itemId: 'rfid-fob', quantity: 1 }] }, 'items'],
    ['no goods', { items: [] }, 'items'],
    ['a quantity of 0', { items: [{ itemId: 'rfid-fob', quantity: 0 }] }, 'items.0.quantity'],
    ['no recipient', { delivery: { ...orderBody().delivery, name: ' ' } }, 'delivery.name'],
    ['a phone of nowhere', { delivery: { ...orderBody().delivery, phone: '12345' } }, 'delivery.phone'],
    ['a postcode of letters', { delivery: { ...orderBody().delivery, postcode: 'ABCDE' } }, 'delivery.postcode'],
    ['no address', { delivery: { ...orderBody().delivery, address: '' } }, 'delivery.address'],
    ['an unknown way to pay', { paymentMethod: 'cash' }, 'paymentMethod'],
  ];

  it.each(cases)('%s is refused field by field, and nothing changes', async (_name, change, path) => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, 10 * ORDER_TOTAL_MINOR);
    const refused = await expectNothingChanged(server, () => placeOrder(server, driver, { ...orderBody(), ...change } as never));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((refused.body as unknown as { fields: { path: string }[] }).fields.map((field) => field.path)).toContain(path);
  });

  it('an order is the driver’s own: another driver does not find it', async () => {
    const driver = await signedInUser(server);
    await fundWallet(server, driver, ORDER_TOTAL_MINOR);
    const placed = await placeOrder(server, driver, orderBody());
    const stranger = await signedInUser(server);
    const answer = await server.call(getShopOrder, { token: stranger.token, params: { id: placed.body.order.id } });
    expect(answer.status).toBe(404);
    const list = await server.call<{ total: number }>(listShopOrders, { token: stranger.token });
    expect(list.body.total).toBe(0);
    expect((await server.call(listShopOrders)).status).toBe(401);
  });
});
