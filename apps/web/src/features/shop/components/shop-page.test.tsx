import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { forgetCarts, getCart, updateCart } from '../model/cart-store';
import {
  buildCard,
  buildCatalogue,
  buildOrderPayment,
  buildShopOrder,
  buildWallet,
} from '../testing/shop-builders';
import { ShopPage } from './shop-page';

vi.mock('@/lib/acquirer-page', () => ({ openAcquirerPage: vi.fn() }));

const owner = 'u1';
const delivery = {
  name: 'Anna Petrova',
  phone: '+7 999 123-45-67',
  city: 'Moscow',
  address: 'Tverskaya 1',
  postcode: '125009',
  comment: '',
};

type Serve = { balance?: unknown; cards?: unknown[]; extra?: FetchRoute[] };

function serve({
  balance = buildWallet({ balanceMinor: 5_000_000 }),
  cards = [buildCard()],
  extra = [],
}: Serve = {}) {
  const server = routeFetch([
    ...extra,
    { path: '/api/shop/catalogue', reply: () => jsonResponse(200, buildCatalogue()) },
    { path: '/api/balance', reply: () => jsonResponse(200, balance) },
    { path: '/api/cards', reply: () => jsonResponse(200, { items: cards }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const orderPosts = (server: ReturnType<typeof serve>) =>
  server.sent.filter(
    (request) => request.method === 'POST' && request.url.pathname === '/api/shop/orders',
  );

/** A cart with two fobs and the delivery typed in, as a driver leaves it. */
function fillCart(patch: Partial<typeof delivery> = {}) {
  updateCart(owner, (state) => ({
    ...state,
    lines: [{ itemId: 'rfid-fob', quantity: 2 }],
    delivery: { ...delivery, ...patch },
  }));
}

beforeEach(() => {
  window.localStorage.clear();
  forgetCarts();
  startSession(buildClient('tok'));
  vi.mocked(openAcquirerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('the goods', () => {
  it('shows each good with its picture, name, text and price in the brand currency', async () => {
    serve();
    await renderScreen(<ShopPage />, '/shop');
    const products = await screen.findAllByTestId('product');
    expect(
      products.map((product) => within(product).getByTestId('product-title').textContent),
    ).toEqual(['RFID key fob', 'Type 2 cable', 'Home charge point']);
    expect(within(products[1]!).getByTestId('product-price').textContent).toBe('₽18,900.00');
    expect(within(products[1]!).getByText('Up to 2 per order')).toBeTruthy();
    expect(products[0]!.querySelector('img')?.getAttribute('src')).toBe('/shop/rfid-fob.svg');
    expect(screen.queryByTestId('cart-bar')).toBeNull();
  });

  it('puts goods in the cart within their most per order, and the cart survives a reload', async () => {
    serve();
    const first = await renderScreen(<ShopPage />, '/shop');
    const ui = userEvent.setup();
    const [fob, cable] = await screen.findAllByTestId('product');
    await ui.click(within(cable!).getByTestId('product-add'));
    await ui.click(within(cable!).getByTestId('stepper-more'));
    expect(within(cable!).getByTestId('stepper-value').textContent).toBe('2');
    expect((within(cable!).getByTestId('stepper-more') as HTMLButtonElement).disabled).toBe(true);
    await ui.click(within(fob!).getByRole('button', { name: 'Add RFID key fob to the cart' }));
    expect(screen.getByTestId('cart-bar-summary').textContent).toBe('Cart: 3 · ₽38,290.00');
    expect(screen.getByTestId('shop-cart-count').textContent).toBe('3');
    // The last one less takes the good out of the cart.
    await ui.click(within(fob!).getByTestId('stepper-less'));
    expect(within(fob!).getByTestId('product-add')).toBeTruthy();

    first.unmount();
    cleanup();
    forgetCarts();
    await renderScreen(<ShopPage />, '/shop');
    const again = await screen.findAllByTestId('product');
    expect(within(again[1]!).getByTestId('stepper-value').textContent).toBe('2');
    expect(screen.getByTestId('cart-bar-summary').textContent).toBe('Cart: 2 · ₽37,800.00');
  });
});

describe('the checkout', () => {
  it('asks for the delivery details with translated messages and sends nothing until they are right', async () => {
    const server = serve();
    updateCart(owner, (state) => ({ ...state, lines: [{ itemId: 'rfid-fob', quantity: 1 }] }));
    await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    // The profile's name and phone come first; the driver empties them.
    await ui.clear(await screen.findByTestId('delivery-name'));
    await ui.clear(screen.getByTestId('delivery-phone'));
    await ui.click(screen.getByTestId('checkout-submit'));
    expect((await screen.findByTestId('delivery-name-error')).textContent).toBe('Obligatory field');
    expect(screen.getByTestId('delivery-postcode-error').textContent).toBe('Obligatory field');
    await ui.type(screen.getByTestId('delivery-postcode'), 'ABC');
    await ui.type(screen.getByTestId('delivery-phone'), '12345');
    await ui.click(screen.getByTestId('checkout-submit'));
    expect((await screen.findByTestId('delivery-postcode-error')).textContent).toBe(
      'Enter the postcode: digits and Latin letters',
    );
    expect(screen.getByTestId('delivery-phone-error').textContent).toContain(
      'Enter a phone number with the country code',
    );
    expect(orderPosts(server)).toHaveLength(0);
    // Every keystroke is kept: nothing typed is lost on a reload.
    expect(getCart(owner).delivery).toMatchObject({ postcode: 'ABC', phone: '12345' });
  });

  it('starts the recipient and the phone from the profile, editable, and keeps what the driver typed', async () => {
    const server = serve({
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () =>
            jsonResponse(400, {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: [{ path: 'delivery.city', rule: 'tooLong' }],
            }),
        },
      ],
    });
    startSession(
      buildClient('tok', {
        name: 'Anna',
        surname: 'Petrova',
        patronymic: 'Sergeevna',
        phone: '+79990000000',
      }),
    );
    updateCart(owner, (state) => ({ ...state, lines: [{ itemId: 'rfid-fob', quantity: 1 }] }));
    const first = await renderScreen(<ShopPage />, '/shop?view=cart');
    const name = (await screen.findByTestId('delivery-name')) as HTMLInputElement;
    const phone = screen.getByTestId('delivery-phone') as HTMLInputElement;
    expect(name.value).toBe('Petrova Anna Sergeevna');
    expect(phone.value).toBe('+7 999 000 00-00');
    const ui = userEvent.setup();
    await ui.clear(name);
    await ui.type(name, 'Ivan Petrov');
    await ui.type(screen.getByTestId('delivery-city'), 'Moscow');
    await ui.type(screen.getByTestId('delivery-address'), 'Tverskaya 1');
    await ui.type(screen.getByTestId('delivery-postcode'), '125009');
    await ui.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(orderPosts(server)).toHaveLength(1));
    expect(orderPosts(server)[0]!.body).toMatchObject({
      delivery: { name: 'Ivan Petrov', phone: '+79990000000', city: 'Moscow' },
    });
    // What was typed wins over the profile on the next visit.
    first.unmount();
    forgetCarts();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    expect(((await screen.findByTestId('delivery-name')) as HTMLInputElement).value).toBe(
      'Ivan Petrov',
    );
  });

  it('pays from the balance when it covers the order, then shows the order and empties the cart', async () => {
    const order = buildShopOrder();
    const server = serve({
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () => jsonResponse(201, { order, redirectUrl: null }),
        },
        { path: `/api/shop/orders/${order.id}`, reply: () => jsonResponse(200, order) },
      ],
    });
    fillCart();
    const { router } = await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    expect((await screen.findByTestId('checkout-sums-total')).textContent).toBe('₽1,330.00');
    await waitFor(() =>
      expect(
        (within(screen.getByTestId('pay-balance')).getByRole('radio') as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(screen.getByTestId('checkout-submit').textContent).toBe('Pay ₽1,330.00');
    await ui.click(screen.getByTestId('checkout-submit'));
    await waitFor(() => expect(router.state.location.search).toBe(`?order=${order.id}`));
    const [sent] = orderPosts(server);
    expect(sent?.body).toEqual({
      items: [{ itemId: 'rfid-fob', quantity: 2 }],
      delivery: {
        name: 'Anna Petrova',
        phone: '+79991234567',
        city: 'Moscow',
        address: 'Tverskaya 1',
        postcode: '125009',
        comment: '',
      },
      paymentMethod: 'balance',
    });
    expect(getCart(owner).lines).toEqual([]);
    // The delivery details stay for the next order.
    expect(getCart(owner).delivery.city).toBe('Moscow');
    expect(await screen.findByTestId('order-paid')).toBeTruthy();
  });

  it('offers the default card when the balance is short, and says the balance does not cover it', async () => {
    serve({ balance: buildWallet({ balanceMinor: 10_000 }) });
    fillCart();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    expect((await screen.findByTestId('pay-balance-short')).textContent).toContain(
      'The balance (₽100.00) does not cover this order.',
    );
    expect(screen.queryByTestId('pay-balance')).toBeNull();
    await waitFor(() =>
      expect(
        (within(screen.getByTestId('pay-bound-card')).getByRole('radio') as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(screen.getByTestId('pay-bound-card').textContent).toContain('Visa •••• 4242');
  });

  it("goes to the bank's page for a card typed there, keeping the cart until the order is paid", async () => {
    const order = buildShopOrder({
      status: 'awaitingPayment',
      paymentMethod: 'oneTimeCard',
      receiptId: null,
      paidAt: null,
      payment: buildOrderPayment({ status: 'pending', redirectUrl: 'https://bank.example/pay/1' }),
    });
    const server = serve({
      cards: [],
      balance: buildWallet({ balanceMinor: 0 }),
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () => jsonResponse(201, { order, redirectUrl: 'https://bank.example/pay/1' }),
        },
      ],
    });
    fillCart();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    await waitFor(() =>
      expect(
        (within(screen.getByTestId('pay-one-time')).getByRole('radio') as HTMLInputElement).checked,
      ).toBe(true),
    );
    await ui.click(screen.getByTestId('checkout-submit'));
    await waitFor(() =>
      expect(openAcquirerPage).toHaveBeenCalledWith('https://bank.example/pay/1'),
    );
    expect(orderPosts(server)[0]?.body).toMatchObject({ paymentMethod: 'oneTimeCard' });
    expect(getCart(owner)).toMatchObject({
      lines: [{ itemId: 'rfid-fob', quantity: 2 }],
      awaitingOrderId: order.id,
    });
  });

  it('says why the bank declined the card, and keeps the cart for another way to pay', async () => {
    const order = buildShopOrder({
      status: 'failed',
      paymentMethod: 'boundCard',
      receiptId: null,
      paidAt: null,
      payment: buildOrderPayment({ status: 'failed', errorCode: 'ACQ1' }),
    });
    serve({
      balance: buildWallet({ balanceMinor: 0 }),
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () => jsonResponse(201, { order, redirectUrl: null }),
        },
      ],
    });
    fillCart();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('checkout-submit'));
    const declined = await screen.findByTestId('checkout-declined');
    expect(declined.textContent).toContain(
      'Order No. 1024 was not paid: The card has insufficient funds.',
    );
    expect(getCart(owner).lines).toHaveLength(1);
  });

  it('shows a refusal about the balance with the way to top it up', async () => {
    serve({
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () =>
            jsonResponse(402, {
              code: 'BALANCE_TOO_LOW',
              message: 'x',
              details: { availableMinor: 1, totalMinor: 2 },
            }),
        },
      ],
    });
    fillCart();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('checkout-submit'));
    const error = await screen.findByTestId('checkout-error');
    expect(error.textContent).toContain('The balance does not cover this payment.');
    expect(
      within(error).getByRole('link', { name: 'Top up the balance' }).getAttribute('href'),
    ).toBe('/balance');
  });

  it('puts the server’s delivery field errors on the fields', async () => {
    serve({
      extra: [
        {
          method: 'POST',
          path: '/api/shop/orders',
          reply: () =>
            jsonResponse(400, {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: [{ path: 'delivery.city', rule: 'tooLong' }],
            }),
        },
      ],
    });
    fillCart();
    await renderScreen(<ShopPage />, '/shop?view=cart');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('checkout-submit'));
    expect((await screen.findByTestId('delivery-city-error')).textContent).toBe(
      'The text is too long',
    );
    expect(screen.queryByTestId('checkout-error')).toBeNull();
  });
});

describe('the orders', () => {
  it('lists the orders with their status and total', async () => {
    serve({
      extra: [
        {
          path: '/api/shop/orders',
          reply: () =>
            jsonResponse(200, {
              items: [
                buildShopOrder(),
                buildShopOrder({ id: 'o2', number: 1023, status: 'failed' }),
              ],
              total: 2,
              page: 1,
              pageSize: 50,
            }),
        },
      ],
    });
    await renderScreen(<ShopPage />, '/shop?view=orders');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['paid', 'failed']);
    expect(rows[0]!.textContent).toContain('Order No. 1024');
    expect(within(rows[0]!).getByTestId('order-row-total').textContent).toBe('₽1,330.00');
    expect(rows[0]!.getAttribute('href')).toBe('/shop?order=4b1f7f0e-0000-4000-8000-0000000000o1');
    expect(within(rows[1]!).getByTestId('order-status').textContent).toBe('Not paid');
  });

  it('shows a paid order with its receipt and the way to bind its RFID fob, and empties its cart', async () => {
    const order = buildShopOrder();
    serve({
      extra: [{ path: `/api/shop/orders/${order.id}`, reply: () => jsonResponse(200, order) }],
    });
    updateCart(owner, (state) => ({
      ...state,
      lines: [{ itemId: 'rfid-fob', quantity: 2 }],
      awaitingOrderId: order.id,
    }));
    await renderScreen(<ShopPage />, `/shop?order=${order.id}`);
    expect((await screen.findByTestId('order-number')).textContent).toBe('Order No. 1024');
    expect(screen.getByTestId('order-status').textContent).toBe('Paid');
    expect(screen.getByTestId('order-receipt').getAttribute('href')).toBe('/receipt/r-7');
    expect(screen.getByTestId('order-rfid-link').getAttribute('href')).toBe('/rfid');
    expect(screen.getByTestId('order-delivery').textContent).toContain('+7 999 123 45-67');
    expect(screen.getByTestId('order-sums-total').textContent).toBe('₽1,330.00');
    await waitFor(() => expect(getCart(owner)).toMatchObject({ lines: [], awaitingOrderId: null }));
  });

  it("offers the bank's page again for an order still waiting, and another try for a failed one", async () => {
    const waiting = buildShopOrder({
      status: 'awaitingPayment',
      receiptId: null,
      paidAt: null,
      paymentMethod: 'oneTimeCard',
      payment: buildOrderPayment({ status: 'pending', redirectUrl: 'https://bank.example/pay/9' }),
    });
    serve({
      extra: [{ path: `/api/shop/orders/${waiting.id}`, reply: () => jsonResponse(200, waiting) }],
    });
    const first = await renderScreen(<ShopPage />, `/shop?order=${waiting.id}`);
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('order-continue'));
    expect(openAcquirerPage).toHaveBeenCalledWith('https://bank.example/pay/9');
    expect(screen.queryByTestId('order-rfid')).toBeNull();
    first.unmount();

    const failed = {
      ...waiting,
      status: 'failed' as const,
      payment: buildOrderPayment({ status: 'failed', errorCode: 'ACQ2' }),
    };
    serve({
      extra: [{ path: `/api/shop/orders/${failed.id}`, reply: () => jsonResponse(200, failed) }],
    });
    await renderScreen(<ShopPage />, `/shop?order=${failed.id}`);
    const alert = await screen.findByTestId('order-failed');
    expect(within(alert).getByTestId('order-try-again').getAttribute('href')).toBe(
      '/shop?view=cart',
    );
    expect(alert.querySelector('[data-code]')?.getAttribute('data-code')).toBe('ACQ2');
  });
});
