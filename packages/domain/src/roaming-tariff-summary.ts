import { divideRoundHalfUp } from './money';
import { scaled } from './roaming-tariff-parse';
import {
  daysOfWeek,
  type DayOfWeek,
  type OcpiDisplayText,
  type OcpiPrice,
  type OcpiTariff,
  type PriceComponent,
  type ReservationRestrictionType,
  type TariffDimensionType,
  type TariffRestrictions,
} from './roaming-tariff';

// A partner's tariff as data for the station page. No words here: the web names units, days
// and bounds in the driver's language.

export type TariffPriceUnit = 'kWh' | 'hour' | 'session';

export type TariffSummaryComponent = {
  type: TariffDimensionType;
  /** What the driver pays per unit: incl. VAT when the tariff gives VAT, else excl. */
  price: number;
  priceExclVat: number;
  vatPercent: number | null;
  isVatIncluded: boolean;
  unit: TariffPriceUnit;
  /** Billing block: Wh for kWh prices, seconds for hourly ones, null for a session fee. */
  stepSize: number | null;
};

export type TariffBounds = { min: number | null; max: number | null };

export type TariffSummaryRestrictions = {
  /** Monday first. */
  daysOfWeek: DayOfWeek[] | null;
  /** Local "HH:MM"; `until` is exclusive and before `from` when the window passes midnight. */
  timeOfDay: { from: string | null; until: string | null } | null;
  /** Local "YYYY-MM-DD"; `until` is exclusive. */
  dates: { from: string | null; until: string | null } | null;
  /** Each `min` inclusive and `max` exclusive (OCPI 2.2.1 §11.4.6). */
  energyKwh: TariffBounds | null;
  powerKw: TariffBounds | null;
  currentA: TariffBounds | null;
  durationSeconds: TariffBounds | null;
  reservation: ReservationRestrictionType | null;
};

export type TariffSummaryElement = {
  components: TariffSummaryComponent[];
  /** null when the element always applies. */
  restrictions: TariffSummaryRestrictions | null;
};

export type TariffSummary = {
  currency: string;
  elements: TariffSummaryElement[];
  minPrice: OcpiPrice | null;
  maxPrice: OcpiPrice | null;
  /** The partner's own texts (OCPI 2.2.1 §11.3.1 tariff_alt_text), in their languages. */
  altText: OcpiDisplayText[];
};

const units: Record<TariffDimensionType, TariffPriceUnit> = {
  ENERGY: 'kWh',
  TIME: 'hour',
  PARKING_TIME: 'hour',
  FLAT: 'session',
};

function summarizeComponent(component: PriceComponent, what: string): TariffSummaryComponent {
  const hasVat = component.vat !== undefined && component.vat !== null;
  const priceMicro = scaled(component.price, 1e6, `${what}.price`);
  const vatMicro = hasVat ? scaled(component.vat, 1e4, `${what}.vat`) : 0n;
  // price × (1 + VAT), exact to a millionth of the currency unit.
  const withVat = divideRoundHalfUp(priceMicro * (1_000_000n + vatMicro), 1_000_000n);
  return {
    type: component.type,
    price: Number(withVat) / 1e6,
    priceExclVat: component.price,
    vatPercent: hasVat ? (component.vat as number) : null,
    isVatIncluded: hasVat,
    unit: units[component.type],
    stepSize: component.type === 'FLAT' ? null : component.step_size,
  };
}

function bounds(min: number | undefined, max: number | undefined): TariffBounds | null {
  return min === undefined && max === undefined ? null : { min: min ?? null, max: max ?? null };
}

function window(from: string | undefined, until: string | undefined) {
  return from === undefined && until === undefined
    ? null
    : { from: from ?? null, until: until ?? null };
}

function summarizeRestrictions(
  r: TariffRestrictions | undefined,
): TariffSummaryRestrictions | null {
  if (!r) return null;
  const summary: TariffSummaryRestrictions = {
    daysOfWeek: r.day_of_week?.length
      ? daysOfWeek.filter((day) => r.day_of_week?.includes(day))
      : null,
    timeOfDay: window(r.start_time, r.end_time),
    dates: window(r.start_date, r.end_date),
    energyKwh: bounds(r.min_kwh, r.max_kwh),
    powerKw: bounds(r.min_power, r.max_power),
    currentA: bounds(r.min_current, r.max_current),
    durationSeconds: bounds(r.min_duration, r.max_duration),
    reservation: r.reservation ?? null,
  };
  return Object.values(summary).every((value) => value === null) ? null : summary;
}

/** Each element of a partner's tariff with its prices and its restrictions, as data. */
export function tariffSummary(tariff: OcpiTariff): TariffSummary {
  return {
    currency: tariff.currency,
    elements: tariff.elements.map((element, index) => ({
      components: element.price_components.map((component, at) =>
        summarizeComponent(component, `elements[${index}].price_components[${at}]`),
      ),
      restrictions: summarizeRestrictions(element.restrictions ?? undefined),
    })),
    minPrice: tariff.min_price ?? null,
    maxPrice: tariff.max_price ?? null,
    altText: tariff.tariff_alt_text ?? [],
  };
}
