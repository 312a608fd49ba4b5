import type { RoamingPrice as RoamingTerms } from '@evcharge/api/stations/station-schemas';
import { currencyFromIso, minorDigits, type Currency } from '@evcharge/domain/currency';
import {
  ocpiEstimate,
  roamingPrice,
  tariffSummary,
  type OcpiTariff,
  type TariffSummary,
} from '@evcharge/domain/roaming-tariff';
import { toBcp47 } from '@/lib/i18n';

// SPEC §1 roaming: a partner's OCPI 2.2.1 prices as the driver pays them, with our markup and
// converted into the wallet's currency at the configured rate. Only the station page and the
// start-charge screen import this (both lazy routes): the map home must not carry the maths.

export type RoamingTariff = RoamingTerms['tariffs'][number];
type Component = TariffSummary['elements'][number]['components'][number];

/** One price of a partner's tariff: the partner's own, and the driver's (null: no rate). */
export type RoamingPriceRow = Component & {
  /** Per unit, incl. VAT where the tariff gives VAT, in the partner's currency (major units). */
  partnerPrice: number;
  driverMinor: number | null;
};

export type RoamingElementRows = {
  rows: RoamingPriceRow[];
  restrictions: TariffSummary['elements'][number]['restrictions'];
};

export type RoamingTariffView = {
  id: string;
  /** ISO 4217 as the partner sent it, upper case. */
  currency: string;
  elements: RoamingElementRows[];
  /** OCPI 2.2.1 §11.3.1 min_price / max_price as the driver pays them. */
  minPrice: { partnerPrice: number; driverMinor: number | null } | null;
  maxPrice: { partnerPrice: number; driverMinor: number | null } | null;
  altText: TariffSummary['altText'];
};

/** Minor digits of an ISO currency: ours from domain/currency, any other taken as 2 (as the domain does). */
export function isoMinorDigits(iso: string): number {
  const currency = currencyFromIso(iso);
  return currency ? minorDigits(currency) : 2;
}

// Prices per unit have up to six decimals (OCPI 2.2.1 §16.4 number): converted from millionths
// of the partner's currency, so a price like 0.4235 EUR per kWh is not rounded twice.
const MICRO_DIGITS = 6;

function toDriverMinor(price: number, terms: RoamingTerms): number | null {
  if (terms.rate === null) return null;
  const micro = Math.round(price * 10 ** MICRO_DIGITS);
  return roamingPrice(micro, {
    markupPercent: terms.markupPercent,
    rate: terms.rate,
    partnerMinorDigits: MICRO_DIGITS,
    driverMinorDigits: minorDigits(terms.walletCurrency),
  }).driverMinor;
}

function bound(price: OcpiTariff['min_price'], terms: RoamingTerms) {
  if (!price) return null;
  const partnerPrice = price.incl_vat ?? price.excl_vat;
  return { partnerPrice, driverMinor: toDriverMinor(partnerPrice, terms) };
}

/** A partner's tariff, element by element, with every price converted for the driver. */
export function roamingTariffView(tariff: RoamingTariff, terms: RoamingTerms): RoamingTariffView {
  const summary = tariffSummary(tariff);
  return {
    id: tariff.id,
    currency: tariff.currency.toUpperCase(),
    elements: summary.elements.map((element) => ({
      restrictions: element.restrictions,
      rows: element.components.map((component) => ({
        ...component,
        partnerPrice: component.price,
        driverMinor: toDriverMinor(component.price, terms),
      })),
    })),
    minPrice: bound(tariff.min_price, terms),
    maxPrice: bound(tariff.max_price, terms),
    altText: summary.altText,
  };
}

export type RoamingEstimate = { energyWh: number; powerKw: number; partnerMinor: number; driverMinor: number | null };

/**
 * "About X for 20 kWh": a session of `energyWh` at the connector's power started at `now`, priced
 * by the partner's tariff (ocpiEstimate, its restrictions at the station's local time), then our
 * markup and the rate on the total incl. VAT.
 */
export function roamingEstimate(
  tariff: RoamingTariff,
  terms: RoamingTerms,
  input: { energyWh: number; powerKw: number; now: Date; utcOffsetMinutes: number },
): RoamingEstimate {
  const estimate = ocpiEstimate(tariff, {
    energyWh: input.energyWh,
    powerKw: input.powerKw,
    startsAt: input.now,
    utcOffsetMinutes: input.utcOffsetMinutes,
  });
  const partnerMinor = estimate.total.inclVatMinor;
  const driverMinor = terms.rate === null
    ? null
    : roamingPrice(partnerMinor, {
      markupPercent: terms.markupPercent,
      rate: terms.rate,
      partnerMinorDigits: isoMinorDigits(tariff.currency),
      driverMinorDigits: minorDigits(terms.walletCurrency),
    }).driverMinor;
  return { energyWh: input.energyWh, powerKw: input.powerKw, partnerMinor, driverMinor };
}

/** The tariffs the station's connectors use, in connector order, each with its connectors. */
export function tariffsInUse<C extends { roamingTariffId: string | null }>(
  connectors: readonly C[],
  tariffs: readonly RoamingTariff[],
): { tariff: RoamingTariff; connectors: C[] }[] {
  const used = new Map<string, { tariff: RoamingTariff; connectors: C[] }>();
  for (const connector of connectors) {
    const tariff = tariffs.find((item) => item.id === connector.roamingTariffId);
    if (!tariff) continue;
    const group = used.get(tariff.id) ?? { tariff, connectors: [] };
    group.connectors.push(connector);
    used.set(tariff.id, group);
  }
  return [...used.values()];
}

/**
 * A partner's unit price in its currency, with up to four decimals ("€0.4235"): their own price
 * shown beside ours, where rounding to cents would misquote it.
 */
export function formatPartnerPrice(price: number, iso: string, language: string): string {
  const digits = isoMinorDigits(iso);
  try {
    return new Intl.NumberFormat(toBcp47(language), {
      style: 'currency', currency: iso, currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 4),
    }).format(price);
  } catch {
    return `${price} ${iso}`;
  }
}

/** An approximate amount in whole units ("₽2,150"), for an estimate. */
export function formatApproxMoney(minor: number, currency: Currency | string, language: string): string {
  const iso = currency.toUpperCase();
  const whole = Math.round(minor / 10 ** isoMinorDigits(iso));
  try {
    return new Intl.NumberFormat(toBcp47(language), {
      style: 'currency', currency: iso, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0, minimumFractionDigits: 0,
    }).format(whole);
  } catch {
    return `${whole} ${iso}`;
  }
}

/** The rate as the driver reads it: wallet units for one partner unit, two to four decimals. */
export function formatRate(rate: string, walletCurrency: Currency, language: string): string {
  const digits = minorDigits(walletCurrency);
  return new Intl.NumberFormat(toBcp47(language), {
    style: 'currency', currency: walletCurrency.toUpperCase(), currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 4),
    // Display only: the decimal text goes to Intl as is (exact), never into arithmetic.
  }).format(rate as unknown as number);
}
