import type { DayOfWeek, OcpiTariff, PriceComponent, TariffDimensionType } from './roaming-tariff';

// A partner's tariff checked and turned into integers once, before a session is priced.

const MS_PER_SECOND = 1000;
const MWH_PER_WH = 1000;
const MWH_PER_KWH = 1_000_000;

export type ParsedComponent = {
  type: TariffDimensionType;
  price: number;
  vat: number | undefined;
  /** Price in millionths of the currency unit (per kWh, per hour or per session). */
  priceMicro: bigint;
  /** VAT in millionths: 20 % is 200_000. */
  vatMicro: bigint;
  /** step_size in our base units: mWh for ENERGY, ms for TIME and PARKING_TIME. */
  stepBase: number;
};

export type ParsedRestrictions = {
  fromMinute: number | undefined;
  untilMinute: number | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  minMwh: number | undefined;
  maxMwh: number | undefined;
  minCurrent: number | undefined;
  maxCurrent: number | undefined;
  minPower: number | undefined;
  maxPower: number | undefined;
  minDurationMs: number | undefined;
  maxDurationMs: number | undefined;
  days: ReadonlySet<DayOfWeek> | undefined;
};

export type ParsedElement = {
  index: number;
  /** The first component of each type (OCPI 2.2.1 §11.4.4 lists one per dimension). */
  components: Partial<Record<TariffDimensionType, ParsedComponent>>;
  restrictions: ParsedRestrictions | undefined;
};

export type ParsedTariff = {
  /** Elements priced for a charging session: reservation elements describe reservations. */
  elements: ParsedElement[];
  /** Where a restriction can start or stop holding: minutes of the local day, 0 included. */
  dayMinutes: number[];
  durationMs: number[];
  energyMwh: number[];
};

/** An OCPI number as an integer count of 1/`scale`; OCPI numbers carry 4 decimals (§16). */
export function scaled(value: unknown, scale: number, what: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative number, got ${String(value)}`);
  }
  const units = Math.round(value * scale);
  if (!Number.isSafeInteger(units)) throw new RangeError(`${what} is too large: ${value}`);
  return BigInt(units);
}

function optionalNumber(value: number | undefined, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative number, got ${value}`);
  }
  return value;
}

function minuteOfDay(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  // OCPI 2.2.1 §11.4.6: "([0-1][0-9]|2[0-3]):[0-5][0-9]", local time of the location.
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw new RangeError(`${what} must be HH:MM, got ${value}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function isoDate(value: string | undefined, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!/^[12]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) {
    throw new RangeError(`${what} must be YYYY-MM-DD, got ${value}`);
  }
  return value;
}

function parseComponent(component: PriceComponent, what: string): ParsedComponent {
  const { type, price, vat, step_size: stepSize } = component;
  if (!['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'].includes(type)) {
    throw new RangeError(`${what}.type is not an OCPI dimension: ${String(type)}`);
  }
  if (!Number.isSafeInteger(stepSize) || stepSize < 0) {
    throw new RangeError(`${what}.step_size must be a non-negative integer, got ${stepSize}`);
  }
  const unit = type === 'ENERGY' ? MWH_PER_WH : type === 'FLAT' ? 0 : MS_PER_SECOND;
  return {
    type,
    price,
    vat: vat ?? undefined,
    priceMicro: scaled(price, 1e6, `${what}.price`),
    // Percent × 10^4 is the rate in millionths. No VAT given means none applies (§11.4.2).
    vatMicro: vat === undefined || vat === null ? 0n : scaled(vat, 1e4, `${what}.vat`),
    stepBase: stepSize * unit,
  };
}

export function parseTariff(tariff: OcpiTariff): ParsedTariff {
  if (!/^[A-Z]{3}$/.test(tariff.currency)) {
    throw new RangeError(`currency must be an upper-case ISO 4217 code, got ${tariff.currency}`);
  }
  const dayMinutes = new Set([0]);
  const durationMs = new Set<number>();
  const energyMwh = new Set<number>();
  const elements: ParsedElement[] = [];
  tariff.elements.forEach((element, index) => {
    const what = `elements[${index}]`;
    const components: ParsedElement['components'] = {};
    element.price_components.forEach((component, at) => {
      const parsed = parseComponent(component, `${what}.price_components[${at}]`);
      components[parsed.type] ??= parsed;
    });
    const r = element.restrictions ?? undefined;
    if (r?.reservation) return;
    const restrictions = r && {
      fromMinute: minuteOfDay(r.start_time, `${what}.restrictions.start_time`),
      untilMinute: minuteOfDay(r.end_time, `${what}.restrictions.end_time`),
      startDate: isoDate(r.start_date, `${what}.restrictions.start_date`),
      endDate: isoDate(r.end_date, `${what}.restrictions.end_date`),
      minMwh: kwhToMwh(optionalNumber(r.min_kwh, `${what}.restrictions.min_kwh`)),
      maxMwh: kwhToMwh(optionalNumber(r.max_kwh, `${what}.restrictions.max_kwh`)),
      minCurrent: optionalNumber(r.min_current, `${what}.restrictions.min_current`),
      maxCurrent: optionalNumber(r.max_current, `${what}.restrictions.max_current`),
      minPower: optionalNumber(r.min_power, `${what}.restrictions.min_power`),
      maxPower: optionalNumber(r.max_power, `${what}.restrictions.max_power`),
      minDurationMs: secondsToMs(
        optionalNumber(r.min_duration, `${what}.restrictions.min_duration`),
      ),
      maxDurationMs: secondsToMs(
        optionalNumber(r.max_duration, `${what}.restrictions.max_duration`),
      ),
      days: r.day_of_week?.length ? new Set(r.day_of_week) : undefined,
    };
    if (restrictions) {
      for (const minute of [restrictions.fromMinute, restrictions.untilMinute]) {
        if (minute !== undefined) dayMinutes.add(minute);
      }
      for (const ms of [restrictions.minDurationMs, restrictions.maxDurationMs]) {
        if (ms !== undefined) durationMs.add(ms);
      }
      for (const mwh of [restrictions.minMwh, restrictions.maxMwh]) {
        if (mwh !== undefined) energyMwh.add(mwh);
      }
    }
    elements.push({ index, components, restrictions });
  });
  const ascending = (values: Set<number>) => [...values].sort((a, b) => a - b);
  return {
    elements,
    dayMinutes: ascending(dayMinutes),
    durationMs: ascending(durationMs),
    energyMwh: ascending(energyMwh),
  };
}

const kwhToMwh = (kwh: number | undefined) =>
  kwh === undefined ? undefined : Math.round(kwh * MWH_PER_KWH);
const secondsToMs = (seconds: number | undefined) =>
  seconds === undefined ? undefined : Math.round(seconds * MS_PER_SECOND);
