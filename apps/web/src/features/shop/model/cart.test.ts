import { describe, expect, it } from 'vitest';
import { buildCatalogue, buildShopItem } from '../testing/shop-builders';
import { countOf, pricedCart, setQuantity } from './cart';
import { parseCart } from './cart-store';

const fob = buildShopItem();

describe('setQuantity', () => {
  it('adds, changes within the most per order, and takes out at none', () => {
    const one = setQuantity([], fob, 1);
    expect(one).toEqual([{ itemId: 'rfid-fob', quantity: 1 }]);
    expect(setQuantity(one, fob, 9)).toEqual([{ itemId: 'rfid-fob', quantity: 5 }]);
    expect(setQuantity(one, fob, 0)).toEqual([]);
  });
});

describe('pricedCart', () => {
  it('prices the cart by the catalogue now, leaving out what it no longer sells', () => {
    const { lines, totals } = pricedCart(
      [{ itemId: 'rfid-fob', quantity: 2 }, { itemId: 'gone', quantity: 1 }, { itemId: 'home-charger', quantity: 3 }],
      buildCatalogue(),
    );
    expect(lines.map((line) => [line.itemId, line.quantity, line.amountMinor])).toEqual([
      ['rfid-fob', 2, 98_000],
      ['home-charger', 1, 6_490_000],
    ]);
    expect(totals).toEqual({ subtotalMinor: 6_588_000, deliveryMinor: 35_000, totalMinor: 6_623_000 });
    expect(countOf(lines)).toBe(3);
  });
});

describe('parseCart', () => {
  it('keeps what makes sense of a stored cart and drops the rest', () => {
    const raw = JSON.stringify({
      lines: [{ itemId: 'rfid-fob', quantity: 2 }, { itemId: 'x', quantity: -1 }, 'junk'],
      delivery: { name: 'Anna', city: 7 },
      awaitingOrderId: 42,
    });
    expect(parseCart(raw)).toEqual({
      lines: [{ itemId: 'rfid-fob', quantity: 2 }],
      delivery: { name: 'Anna', phone: '', city: '', address: '', postcode: '', comment: '' },
      awaitingOrderId: null,
    });
    expect(parseCart('{not json').lines).toEqual([]);
    expect(parseCart(null).lines).toEqual([]);
  });
});
