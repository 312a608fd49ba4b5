import type { ShopItem } from '@evcharge/api/brand/get-brand';
import type { ShopCatalogue } from '@evcharge/api/shop/shop';
import { clampQuantity, shopTotals, type ShopTotals } from '@evcharge/domain/shop';

// The cart (SPEC §2 shop): which goods and how many, by the catalogue's ids. What it costs is
// always the catalogue's price now; the order captures it when it is placed.

export type CartLine = { itemId: string; quantity: number };

/** A line the catalogue still has, with its good. */
export type PricedCartLine = CartLine & { item: ShopItem; amountMinor: number };

/** The cart with a good set to `quantity` (0 takes it out), kept within its most per order. */
export function setQuantity(lines: readonly CartLine[], item: Pick<ShopItem, 'id' | 'maxPerOrder'>, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.itemId !== item.id);
  const next = clampQuantity(quantity, item.maxPerOrder);
  return lines.some((line) => line.itemId === item.id)
    ? lines.map((line) => (line.itemId === item.id ? { ...line, quantity: next } : line))
    : [...lines, { itemId: item.id, quantity: next }];
}

export function quantityOf(lines: readonly CartLine[], itemId: string): number {
  return lines.find((line) => line.itemId === itemId)?.quantity ?? 0;
}

/** How many goods the cart holds in all (for its badge). */
export function countOf(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The cart against the catalogue now: lines of goods it no longer has are left out, a
 * quantity over a lowered maximum is brought down to it.
 */
export function pricedCart(lines: readonly CartLine[], catalogue: ShopCatalogue): { lines: PricedCartLine[]; totals: ShopTotals } {
  const priced = lines.flatMap((line): PricedCartLine[] => {
    const item = catalogue.items.find((candidate) => candidate.id === line.itemId);
    if (!item) return [];
    const quantity = clampQuantity(line.quantity, item.maxPerOrder);
    return [{ itemId: item.id, quantity, item, amountMinor: item.priceMinor * quantity }];
  });
  const totals = shopTotals(priced.map((line) => ({ priceMinor: line.item.priceMinor, quantity: line.quantity })), catalogue.deliveryMinor);
  return { lines: priced, totals };
}
