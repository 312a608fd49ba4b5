import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { ShopCatalogue } from '@evcharge/api/shop/shop';
import { isCurrency, type Currency } from '@evcharge/domain/currency';
import { AppError, type FieldError } from '@evcharge/domain/errors';
import { shopTotals, type ShopTotals } from '@evcharge/domain/shop';
import { rule } from '@evcharge/domain/validation';

// SPEC §2 shop: the brand's goods as the brand configuration lists them (not part of GET
// /api/brand, which every page asks for), and an order's lines priced by them.

function currencyOf(brand: BrandConfig): Currency {
  if (!isCurrency(brand.currency)) throw new Error(`brand ${brand.id} has no currency we take`);
  return brand.currency;
}

export function catalogueOf(brand: BrandConfig): ShopCatalogue {
  return {
    currency: currencyOf(brand),
    deliveryMinor: brand.shop.deliveryMinor,
    items: brand.shop.items,
  };
}

export type PricedLine = {
  itemId: string;
  kind: BrandConfig['shop']['items'][number]['kind'];
  title: BrandConfig['shop']['items'][number]['title'];
  imageUrl: string;
  quantity: number;
  priceMinor: number;
  amountMinor: number;
};

/**
 * An order's lines at the catalogue's prices now, with its sums; a good the catalogue does not
 * have, or more of one than an order may hold, is refused field by field.
 */
export function priceLines(
  brand: BrandConfig,
  wanted: readonly { itemId: string; quantity: number }[],
): { lines: PricedLine[]; totals: ShopTotals; currency: Currency } {
  const fields: FieldError[] = [];
  const lines: PricedLine[] = [];
  wanted.forEach((line, index) => {
    const item = brand.shop.items.find((candidate) => candidate.id === line.itemId);
    if (!item) {
      fields.push({ path: `items.${index}.itemId`, rule: rule.invalid });
      return;
    }
    if (line.quantity > item.maxPerOrder) {
      fields.push({ path: `items.${index}.quantity`, rule: rule.invalid });
      return;
    }
    lines.push({
      itemId: item.id,
      kind: item.kind,
      title: item.title,
      imageUrl: item.imageUrl,
      quantity: line.quantity,
      priceMinor: item.priceMinor,
      amountMinor: item.priceMinor * line.quantity,
    });
  });
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return {
    lines,
    totals: shopTotals(lines, brand.shop.deliveryMinor),
    currency: currencyOf(brand),
  };
}
