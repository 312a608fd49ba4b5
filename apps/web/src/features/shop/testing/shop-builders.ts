import type { ShopItem } from '@evcharge/api/brand/get-brand';
import type { Card, PaymentResult } from '@evcharge/api/payments/payment-schemas';
import type { ShopCatalogue, ShopOrder } from '@evcharge/api/shop/shop';
import type { Balance } from '@/lib/money-query';

// Test data of the shop screens, as packages/api/shop answers.

const text = (en: string) => ({ ru: `${en} (ru)`, en, kz: en, es: en, az: en, ky: en, tg: en, uz: en });

export function buildShopItem(patch: Partial<ShopItem> = {}): ShopItem {
  return {
    id: 'rfid-fob', kind: 'rfid', title: text('RFID key fob'), description: text('Start charging with a tap.'),
    imageUrl: '/shop/rfid-fob.svg', priceMinor: 49_000, maxPerOrder: 5, ...patch,
  };
}

export function buildCatalogue(patch: Partial<ShopCatalogue> = {}): ShopCatalogue {
  return {
    currency: 'rub',
    deliveryMinor: 35_000,
    items: [
      buildShopItem(),
      buildShopItem({ id: 'type2-cable', kind: 'cable', title: text('Type 2 cable'), description: text('Three-phase cable.'),
        imageUrl: '/shop/type2-cable.svg', priceMinor: 1_890_000, maxPerOrder: 2 }),
      buildShopItem({ id: 'home-charger', kind: 'homeCharger', title: text('Home charge point'), description: text('7.4 kW at home.'),
        imageUrl: '/shop/home-charger.svg', priceMinor: 6_490_000, maxPerOrder: 1 }),
    ],
    ...patch,
  };
}

export function buildShopOrder(patch: Partial<ShopOrder> = {}): ShopOrder {
  return {
    id: '4b1f7f0e-0000-4000-8000-0000000000o1', number: 1024, status: 'paid', paymentMethod: 'balance', currency: 'rub',
    items: [
      { itemId: 'rfid-fob', kind: 'rfid', title: text('RFID key fob'), imageUrl: '/shop/rfid-fob.svg', quantity: 2, priceMinor: 49_000, amountMinor: 98_000 },
    ],
    subtotalMinor: 98_000, deliveryMinor: 35_000, totalMinor: 133_000,
    delivery: { name: 'Anna Petrova', phone: '+79991234567', city: 'Moscow', address: 'Tverskaya 1', postcode: '125009', comment: null },
    payment: null, receiptId: 'r-7', createdAt: '2026-11-20T10:00:00.000Z', paidAt: '2026-11-20T10:00:01.000Z',
    ...patch,
  };
}

/** The driver's wallet as GET /balance answers. */
export function buildWallet(patch: Partial<Balance> = {}): Balance {
  return { currency: 'rub', balanceMinor: 5_000_000, debtMinor: 0, maxTopUpMinor: 5_000_000, refundableMinor: 0, isCompany: false, ...patch };
}

/** A bound card as GET /cards answers. */
export function buildCard(patch: Partial<Card> = {}): Card {
  return { id: '7c0e6a52-1c1d-4f0a-9a55-000000000001', brand: 'visa', last4: '4242', bank: 'Demo Bank', expMonth: 8, expYear: 2099, status: 'linked', isDefault: true, ...patch };
}

/** An order's card payment as the API shows it. */
export function buildOrderPayment(patch: Partial<PaymentResult> = {}): PaymentResult {
  return {
    operationId: '9d1c2b3a-0000-4000-8000-0000000000bb', orderType: 'ShopOrder', status: 'succeeded', amountMinor: 133_000,
    currency: 'rub', redirectUrl: null, errorCode: null, card: { brand: 'visa', last4: '4242' }, receiptId: null,
    shopOrderId: '4b1f7f0e-0000-4000-8000-0000000000o1', ...patch,
  };
}
