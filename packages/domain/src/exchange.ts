import { minorDigits, type Currency } from './currency';
import { roamingPrice } from './roaming-price';
import type { CostItem, SessionCost } from './tariff';

// SPEC §3 currencies: a station priced in one currency, paid from a wallet kept in another.
// The wallet pays at the brand's rate, by the one rule roaming converts a partner's price with
// (roaming-price.ts: exact integers, rounded half up once); a station of ours adds no markup,
// which pays for a partner's service. A bank card pays in the station's own currency instead.

/** Units of `to` one unit of `from` buys, as a brand keeps them: rates[from][to], "91.2". */
export type ExchangeRates = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A price in `from` paid in `to` at `rate` (a decimal written as text, kept exact). */
export type Exchange = { from: Currency; to: Currency; rate: string };

/**
 * The brand's rate from the station's currency into the wallet's; undefined when the two are
 * the same (nothing to convert) or the brand has no rate for the pair (the wallet cannot pay).
 */
export function exchangeBetween(
  rates: ExchangeRates,
  from: Currency,
  to: Currency,
): Exchange | undefined {
  if (from === to) return undefined;
  const rate = rates[from]?.[to];
  return rate === undefined ? undefined : { from, to, rate };
}

/** `amountMinor` of the price's currency in the wallet's, rounded half up once. */
export function exchangeMinor(amountMinor: number, exchange: Exchange): number {
  return roamingPrice(amountMinor, {
    markupPercent: 0,
    rate: exchange.rate,
    partnerMinorDigits: minorDigits(exchange.from),
    driverMinorDigits: minorDigits(exchange.to),
  }).driverMinor;
}

/** `amountMinor` as it is paid: converted at the exchange, or as it is without one. */
export function paidMinor(amountMinor: number, exchange: Exchange | null | undefined): number {
  return exchange ? exchangeMinor(amountMinor, exchange) : amountMinor;
}

/**
 * A session's cost items in the wallet's currency, for its receipt: each amount and unit price
 * converted; the receipt puts what rounding leaves over on its biggest line, so that the lines
 * add up to what the wallet paid (the converted total).
 */
export function exchangedCost(cost: SessionCost, exchange: Exchange): SessionCost {
  const items: CostItem[] = cost.items.map((item) => ({
    ...item,
    unitPriceMinor: exchangeMinor(item.unitPriceMinor, exchange),
    amountMinor: exchangeMinor(item.amountMinor, exchange),
  }));
  return {
    ...cost,
    currency: exchange.to,
    items,
    totalMinor: exchangeMinor(cost.totalMinor, exchange),
  };
}
