import { currencyFromIso, minorDigits } from './currency';
import { divideRoundHalfUp } from './money';
import { parseTariff, scaled, type ParsedComponent } from './roaming-tariff-parse';
import {
  applicable,
  ceilDiv,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  MWH_PER_WH,
  slicePeriods,
  type Moment,
  type Period,
} from './roaming-tariff-periods';

// A partner operator's OCPI 2.2.1 tariff (§11 Tariffs module), as it arrives over roaming:
// snake_case as OCPI spells it. Prices are numbers in major units excluding VAT.

export const tariffDimensionTypes = ['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'] as const;
export type TariffDimensionType = (typeof tariffDimensionTypes)[number];

export const daysOfWeek = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type DayOfWeek = (typeof daysOfWeek)[number];

export const tariffTypes = [
  'AD_HOC_PAYMENT',
  'PROFILE_CHEAP',
  'PROFILE_FAST',
  'PROFILE_GREEN',
  'REGULAR',
] as const;
export type TariffType = (typeof tariffTypes)[number];

export const reservationRestrictionTypes = ['RESERVATION', 'RESERVATION_EXPIRES'] as const;
export type ReservationRestrictionType = (typeof reservationRestrictionTypes)[number];

/** OCPI 2.2.1 §16 Price. */
export type OcpiPrice = { excl_vat: number; incl_vat?: number };
/** OCPI 2.2.1 §16 DisplayText. */
export type OcpiDisplayText = { language: string; text: string };

/** OCPI 2.2.1 §11.4.2. */
export type PriceComponent = {
  type: TariffDimensionType;
  /** Excl. VAT: per kWh (ENERGY), per hour (TIME, PARKING_TIME) or per session (FLAT). */
  price: number;
  /** Percent; absent means no VAT applies, which differs from 0. */
  vat?: number;
  /** Billing block: Wh for ENERGY, seconds for TIME and PARKING_TIME, 1 for FLAT. */
  step_size: number;
};

/** OCPI 2.2.1 §11.4.6. Times and dates are local to the location. */
export type TariffRestrictions = {
  start_time?: string;
  end_time?: string;
  start_date?: string;
  end_date?: string;
  min_kwh?: number;
  max_kwh?: number;
  min_current?: number;
  max_current?: number;
  min_power?: number;
  max_power?: number;
  min_duration?: number;
  max_duration?: number;
  day_of_week?: DayOfWeek[];
  reservation?: ReservationRestrictionType;
};

/** OCPI 2.2.1 §11.4.4. */
export type TariffElement = {
  price_components: PriceComponent[];
  restrictions?: TariffRestrictions;
};

/** OCPI 2.2.1 §11.3.1. */
export type OcpiTariff = {
  country_code?: string;
  party_id?: string;
  id: string;
  /** ISO 4217, upper-case. */
  currency: string;
  type?: TariffType;
  tariff_alt_text?: OcpiDisplayText[];
  tariff_alt_url?: string;
  min_price?: OcpiPrice;
  max_price?: OcpiPrice;
  elements: TariffElement[];
  start_date_time?: string;
  end_date_time?: string;
  last_updated?: string;
};

export type { Period as ChargingPeriod } from './roaming-tariff-periods';

export type OcpiCharge = {
  /** The session in order; a gap between periods costs nothing. */
  periods: readonly Period[];
  /** The location's fixed offset from UTC, for time-of-day, date and weekday restrictions. */
  utcOffsetMinutes: number;
};

/**
 * An amount in the tariff's currency: exact to a millionth of its unit in major units, and in
 * minor units rounded half up once from the exact value.
 */
export type OcpiAmount = {
  exclVat: number;
  inclVat: number;
  exclVatMinor: number;
  inclVatMinor: number;
};

/** One receipt line: what one tariff element charged in one dimension. */
export type OcpiCostLine = {
  type: TariffDimensionType;
  elementIndex: number;
  price: number;
  vat: number | null;
  /** Billed, step_size included: Wh for ENERGY, seconds for TIME and PARKING_TIME, 1 for FLAT. */
  quantity: number;
  /** Rounded on its own: the lines' minor amounts may differ by a cent from the total's. */
  amount: OcpiAmount;
};

export type OcpiDimensionCost = {
  /** Measured over the whole session, priced or not; FLAT counts the fees charged. */
  quantity: number;
  /** The sum of the lines' quantities. */
  billedQuantity: number;
  amount: OcpiAmount;
};

export type OcpiSessionCost = {
  currency: string;
  lines: OcpiCostLine[];
  dimensions: Record<TariffDimensionType, OcpiDimensionCost>;
  /** Before min_price and max_price. */
  subtotal: OcpiAmount;
  total: OcpiAmount;
  /** Which bound of the tariff set the total, if one did. */
  priceLimit: 'MIN_PRICE' | 'MAX_PRICE' | null;
};

// Exact arithmetic. A line costs quantity × price × (1 + VAT) where quantity is in mWh or ms,
// price in millionths of the currency unit per kWh, hour or session and VAT in millionths. Every
// amount is kept as a bigint count of 1/DENOMINATOR of the currency unit, which holds all of
// these products exactly (18e6 is the lcm of 1e6 mWh per kWh and 3.6e6 ms per hour), so
// nothing is rounded until the amounts are shown.
const MILLION = 1_000_000n;
const PER_UNIT = 18_000_000n;
const DENOMINATOR = MILLION * MILLION * PER_UNIT;
const unitFactor: Record<TariffDimensionType, bigint> = {
  ENERGY: PER_UNIT / 1_000_000n,
  TIME: PER_UNIT / 3_600_000n,
  PARKING_TIME: PER_UNIT / 3_600_000n,
  FLAT: PER_UNIT,
};

type Exact = { excl: bigint; incl: bigint };

function lineExact(type: TariffDimensionType, c: ParsedComponent, quantity: number): Exact {
  const base = BigInt(quantity) * c.priceMicro * unitFactor[type];
  return { excl: base * MILLION, incl: base * (MILLION + c.vatMicro) };
}

function priceExact(value: number, what: string): bigint {
  return scaled(value, 1e6, what) * MILLION * PER_UNIT;
}

function amountOf({ excl, incl }: Exact, digits: number): OcpiAmount {
  const minor = 10n ** BigInt(digits);
  const major = (value: bigint) => Number(divideRoundHalfUp(value * MILLION, DENOMINATOR)) / 1e6;
  return {
    exclVat: major(excl),
    inclVat: major(incl),
    exclVatMinor: Number(divideRoundHalfUp(excl * minor, DENOMINATOR)),
    inclVatMinor: Number(divideRoundHalfUp(incl * minor, DENOMINATOR)),
  };
}

/** Minor digits of an ISO currency: ours from currency.ts, any other taken as 2. */
function digitsOf(iso: string): number {
  const currency = currencyFromIso(iso);
  return currency ? minorDigits(currency) : 2;
}

type Line = {
  type: TariffDimensionType;
  element: number;
  component: ParsedComponent;
  quantity: number;
};
type Measured = Exclude<TariffDimensionType, 'FLAT'>;

/**
 * The cost of a session under a partner's tariff by the OCPI 2.2.1 rules. The caller picks the
 * tariff valid at the start (isOcpiTariffActive): a driver agrees to the tariff of the start
 * (§11.3.1 note on start_date_time). Reservation elements are not part of a session's cost.
 *
 * - Per moment and dimension the first element whose restrictions hold applies (§11.3.1).
 * - FLAT is a fee "paid for any Charging Session" (§11.3.1): charged once, by the first element
 *   that applies to it.
 * - TIME is charging time, PARKING_TIME connected time not charging (§11.4.5).
 * - step_size counts once per session (§10.3.1 "step_size"): the session's total energy is
 *   rounded up to the step of the last ENERGY component used, the extra billed at its price;
 *   parking time the same; charging time only when no PARKING_TIME component was used, since
 *   the step is "only taken into account for the total parking duration" then. Two worked
 *   examples in §11.4.2 instead round charging and parking time together; we follow the rule
 *   text of §10.3.1, as the OCPI tariffs reference implementation does.
 * - min_price and max_price bound the total excl. and, where given, incl. VAT (§11.3.1).
 */
export function ocpiSessionCost(tariff: OcpiTariff, charge: OcpiCharge): OcpiSessionCost {
  const parsed = parseTariff(tariff);
  const digits = digitsOf(tariff.currency);
  const lines = new Map<string, Line>();
  const last: Partial<Record<Measured, Line>> = {};
  const measured: Record<Measured, number> = { ENERGY: 0, TIME: 0, PARKING_TIME: 0 };
  let flatFees = 0;

  const add = (type: TariffDimensionType, moment: Moment, quantity: number) => {
    const found = applicable(parsed, type, moment);
    if (!found) return undefined;
    const key = `${type}:${found.element}`;
    const line = lines.get(key) ?? {
      type,
      element: found.element,
      component: found.component,
      quantity: 0,
    };
    lines.set(key, line);
    line.quantity += quantity;
    return line;
  };

  for (const slice of slicePeriods(parsed, charge.periods, charge.utcOffsetMinutes)) {
    if (flatFees === 0 && add('FLAT', slice.moment, 1)) flatFees = 1;
    const amounts: [Measured, number][] = [
      ['ENERGY', slice.energyMwh],
      [slice.isCharging ? 'TIME' : 'PARKING_TIME', slice.ms],
    ];
    for (const [type, quantity] of amounts) {
      if (quantity === 0) continue;
      measured[type] += quantity;
      const line = add(type, slice.moment, quantity);
      if (line) last[type] = line;
    }
  }

  const roundUp = (type: Measured) => {
    const line = last[type];
    if (!line || line.component.stepBase === 0) return;
    const step = BigInt(line.component.stepBase);
    const billed = Number(ceilDiv(BigInt(measured[type]), step) * step);
    line.quantity += billed - measured[type];
  };
  roundUp('ENERGY');
  roundUp('PARKING_TIME');
  if (!last.PARKING_TIME) roundUp('TIME');

  const zero = (): Exact => ({ excl: 0n, incl: 0n });
  const byType = { ENERGY: zero(), TIME: zero(), PARKING_TIME: zero(), FLAT: zero() };
  const billed = { ENERGY: 0, TIME: 0, PARKING_TIME: 0, FLAT: 0 };
  const subtotal = zero();
  const costLines: OcpiCostLine[] = [...lines.values()].map((line) => {
    const exact = lineExact(line.type, line.component, line.quantity);
    for (const sum of [byType[line.type], subtotal]) {
      sum.excl += exact.excl;
      sum.incl += exact.incl;
    }
    billed[line.type] += line.quantity;
    return {
      type: line.type,
      elementIndex: line.element,
      price: line.component.price,
      vat: line.component.vat ?? null,
      quantity: toShownQuantity(line.type, line.quantity),
      amount: amountOf(exact, digits),
    };
  });

  const { total, priceLimit } = limitTotal(tariff, subtotal);
  const dimension = (type: TariffDimensionType): OcpiDimensionCost => ({
    quantity: type === 'FLAT' ? flatFees : toShownQuantity(type, measured[type]),
    billedQuantity: toShownQuantity(type, billed[type]),
    amount: amountOf(byType[type], digits),
  });
  return {
    currency: tariff.currency,
    lines: costLines,
    dimensions: {
      ENERGY: dimension('ENERGY'),
      FLAT: dimension('FLAT'),
      PARKING_TIME: dimension('PARKING_TIME'),
      TIME: dimension('TIME'),
    },
    subtotal: amountOf(subtotal, digits),
    total: amountOf(total, digits),
    priceLimit,
  };
}

/** Wh for ENERGY and seconds for time, from our mWh and ms; FLAT as is. */
function toShownQuantity(type: TariffDimensionType, quantity: number): number {
  return type === 'FLAT' ? quantity : quantity / (type === 'ENERGY' ? MWH_PER_WH : MS_PER_SECOND);
}

// OCPI 2.2.1 §11.3.1 notes on min_price and max_price: the bounds excl. and incl. VAT both
// apply, each where given. VAT is never negative, so incl. VAT never ends below excl. VAT.
function limitTotal(tariff: OcpiTariff, subtotal: Exact) {
  let { excl, incl } = subtotal;
  let priceLimit: OcpiSessionCost['priceLimit'] = null;
  const bound = (price: OcpiPrice | undefined, name: 'min_price' | 'max_price') => {
    if (!price) return;
    const isMin = name === 'min_price';
    const past = (value: bigint, limit: bigint) => (isMin ? value < limit : value > limit);
    const exclLimit = priceExact(price.excl_vat, `${name}.excl_vat`);
    if (past(excl, exclLimit)) {
      excl = exclLimit;
      priceLimit = isMin ? 'MIN_PRICE' : 'MAX_PRICE';
    }
    if (price.incl_vat === undefined || price.incl_vat === null) return;
    const inclLimit = priceExact(price.incl_vat, `${name}.incl_vat`);
    if (past(incl, inclLimit)) {
      incl = inclLimit;
      priceLimit = isMin ? 'MIN_PRICE' : 'MAX_PRICE';
    }
  };
  bound(tariff.min_price, 'min_price');
  bound(tariff.max_price, 'max_price');
  if (incl < excl) incl = excl;
  return { total: { excl, incl }, priceLimit };
}

/** OCPI 2.2.1 §11.3.1: a tariff is valid from start_date_time and until end_date_time. */
export function isOcpiTariffActive(tariff: OcpiTariff, at: Date): boolean {
  const time = at.getTime();
  const from = tariff.start_date_time ? Date.parse(tariff.start_date_time) : -Infinity;
  const until = tariff.end_date_time ? Date.parse(tariff.end_date_time) : Infinity;
  return time >= from && time < until;
}

export type OcpiEstimateInput = {
  energyWh: number;
  powerKw: number;
  startsAt: Date;
  utcOffsetMinutes: number;
  /** Connected without charging after the battery is done. */
  parkingMinutes?: number;
};

export type OcpiEstimate = OcpiSessionCost & { chargingEndsAt: Date; endsAt: Date };

/**
 * What a session would cost before it starts ("about X for 20 kWh"): charging at a constant
 * power until the energy is delivered, then parking, priced by ocpiSessionCost.
 */
export function ocpiEstimate(tariff: OcpiTariff, input: OcpiEstimateInput): OcpiEstimate {
  const { energyWh, powerKw, startsAt, utcOffsetMinutes, parkingMinutes = 0 } = input;
  if (!(Number.isFinite(powerKw) && powerKw > 0)) {
    throw new RangeError(`powerKw must be a positive number, got ${powerKw}`);
  }
  for (const [name, value] of [
    ['energyWh', energyWh],
    ['parkingMinutes', parkingMinutes],
  ] as const) {
    if (!(Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`${name} must be a non-negative number, got ${value}`);
    }
  }
  // Wh / kW is hours / 1000, so milliseconds are Wh × 3600 / kW.
  const chargingEndsAt = new Date(startsAt.getTime() + Math.round((energyWh * 3600) / powerKw));
  const endsAt = new Date(chargingEndsAt.getTime() + Math.round(parkingMinutes * MS_PER_MINUTE));
  const periods: Period[] = [
    { startsAt, endsAt: chargingEndsAt, energyWh, isCharging: true, powerKw },
  ];
  if (endsAt > chargingEndsAt) {
    periods.push({ startsAt: chargingEndsAt, endsAt, energyWh: 0, isCharging: false });
  }
  return { ...ocpiSessionCost(tariff, { periods, utcOffsetMinutes }), chargingEndsAt, endsAt };
}

export { roamingPrice, type ExactRatio, type RoamingPrice } from './roaming-price';
export { tariffSummary, type TariffSummary } from './roaming-tariff-summary';
