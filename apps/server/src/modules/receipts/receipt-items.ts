import { divideRoundHalfUp } from '@evcharge/domain/money';
import type { CostItem, CostItemKind, SessionCost } from '@evcharge/domain/tariff';
import type { ReceiptItem, ReceiptItemCode } from '../../db/schema/money';

// The lines of a receipt: what was paid for, each with the VAT inside its amount.

// Rates like 16.5 % stay exact: the rate is taken in ten-thousandths of a percent.
const RATE_SCALE = 10_000;

/**
 * The VAT included in a price (the price is VAT-inclusive): amount × rate / (100 + rate),
 * rounded half-up to minor units. A seller without VAT (rate null) or a zero rate owes none.
 */
export function vatIncludedMinor(amountMinor: number, ratePercent: number | null): number {
  if (ratePercent === null || ratePercent === 0) return 0;
  if (!(ratePercent > 0 && ratePercent < 1000)) throw new RangeError(`VAT rate ${ratePercent}`);
  const rate = BigInt(Math.round(ratePercent * RATE_SCALE));
  const vat = divideRoundHalfUp(BigInt(amountMinor) * rate, 100n * BigInt(RATE_SCALE) + rate);
  return Number(vat);
}

export const itemTitles = {
  energy: 'Energy',
  charging_time: 'Charging time',
  parking: 'Parking',
  start_fee: 'Start fee',
  first_consumption_fee: 'First consumption fee',
  reservation_fee: 'Reservation fee',
  minimum_charge: 'Up to the minimum session cost',
  session: 'Charging session',
  session_extra: "Additional charge by the meter's final reading",
  session_returned: "Returned by the meter's final reading",
  top_up: 'Balance top-up',
  debt_payment: 'Debt payment',
  refund: 'Refund',
  reservation: 'Reservation',
  loyalty_discount: 'Loyalty programme discount',
  shop_item: 'Goods',
  delivery: 'Delivery',
  station_session: "Another driver's charging session",
  platform_fee: 'Platform fee',
  roaming_fee: 'Roaming fee',
} as const satisfies Record<ReceiptItemCode, string>;

const codeOfKind = {
  energy: 'energy',
  time: 'charging_time',
  parking: 'parking',
  startFee: 'start_fee',
  firstConsumptionFee: 'first_consumption_fee',
  minimalCost: 'minimum_charge',
} as const satisfies Record<CostItemKind, ReceiptItemCode>;

/** One line of `amountMinor`, with its VAT. */
export function receiptItem(
  code: ReceiptItemCode,
  amountMinor: number,
  vatRatePercent: number | null,
  line: { quantity: number; unit: ReceiptItem['unit']; unitPriceMinor: number } = {
    quantity: 1,
    unit: 'pcs',
    unitPriceMinor: amountMinor,
  },
): ReceiptItem {
  return {
    code,
    title: itemTitles[code],
    ...line,
    amountMinor,
    vatRatePercent,
    vatMinor: vatIncludedMinor(amountMinor, vatRatePercent),
  };
}

const round = (value: number, digits: number) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

function fromCostItem(item: CostItem, vatRatePercent: number | null): ReceiptItem {
  const line =
    item.unit === 'Wh'
      ? { quantity: round(item.quantity / 1000, 3), unit: 'kWh' as const }
      : item.unit === 'second'
        ? { quantity: round(item.quantity / 60, 2), unit: 'min' as const }
        : { quantity: item.quantity, unit: 'pcs' as const };
  return receiptItem(codeOfKind[item.kind], item.amountMinor, vatRatePercent, {
    ...line,
    unitPriceMinor: item.unitPriceMinor,
  });
}

/**
 * A session's lines from its tariff breakdown, summing exactly to `costMinor` (what the ledger
 * took). Should the breakdown not add up to it (the tariff changed since, say), the difference
 * goes on the biggest energy line, else on the biggest line; when that cannot absorb it, the
 * receipt has one line for the whole session.
 */
export function sessionReceiptItems(
  cost: Pick<SessionCost, 'items'>,
  costMinor: number,
  vatRatePercent: number | null,
): ReceiptItem[] {
  const items = cost.items
    .filter((item) => item.amountMinor > 0)
    .map((item) => fromCostItem(item, vatRatePercent));
  const whole = () => [receiptItem('session', costMinor, vatRatePercent)];
  if (items.length === 0) return whole();
  const difference = costMinor - items.reduce((sum, item) => sum + item.amountMinor, 0);
  if (difference === 0) return items;
  const biggest = (list: ReceiptItem[]) =>
    list.reduce<ReceiptItem | undefined>(
      (best, item) => (best && best.amountMinor >= item.amountMinor ? best : item),
      undefined,
    );
  const target = biggest(items.filter((item) => item.code === 'energy')) ?? biggest(items);
  if (!target || target.amountMinor + difference < 0) return whole();
  return items.map((item) =>
    item === target
      ? receiptItem(item.code, item.amountMinor + difference, vatRatePercent, {
          quantity: item.quantity,
          unit: item.unit,
          unitPriceMinor: item.unitPriceMinor,
        })
      : item,
  );
}

/**
 * The line of a session's correction: the new cost less the billed one. A receipt's amounts are
 * never negative, so the line holds the difference's size and its code says which way it went.
 */
export function sessionAdjustmentItems(
  differenceMinor: number,
  vatRatePercent: number | null,
): ReceiptItem[] {
  const code = differenceMinor > 0 ? 'session_extra' : 'session_returned';
  return [receiptItem(code, Math.abs(differenceMinor), vatRatePercent)];
}

/**
 * A session's lines with its loyalty discount (SPEC §7 Loyalty): the items at their full price
 * (summing to `costMinor + discountMinor`, the tariff's cost), then the discount as its own
 * negative `loyalty_discount` line, so the lines sum to `costMinor`, what was paid. Each line
 * carries the VAT inside its own amount; the discount's VAT is negative, as it lowers the base.
 */
export function sessionItemsWithDiscount(
  cost: Pick<SessionCost, 'items'> | undefined,
  costMinor: number,
  discountMinor: number,
  vatRatePercent: number | null,
): ReceiptItem[] {
  const fullMinor = costMinor + discountMinor;
  const items = cost
    ? sessionReceiptItems(cost, fullMinor, vatRatePercent)
    : [receiptItem('session', fullMinor, vatRatePercent)];
  if (discountMinor <= 0) return items;
  return [...items, receiptItem('loyalty_discount', -discountMinor, vatRatePercent)];
}
