import { dayOfWeek, type OcpiPrice, type OcpiTariffObject } from '@evcharge/api/ocpi/types';

// What a session costs under an OCPI 2.2.1 tariff (§11.3): the first element whose
// restrictions hold applies (§11.4.6), at the time and in the time zone of the station;
// ENERGY per kWh, TIME per hour charging, PARKING_TIME per hour not charging, FLAT once per
// session. step_size rounds each dimension's session total up (§11.4.5: in Wh for ENERGY,
// seconds for TIME and PARKING_TIME). VAT per component (§11.4.4). Simple on purpose: what a
// partner network plays to test the other side's bookkeeping, not a billing engine.

type Element = OcpiTariffObject['elements'][number];

/** One stretch of a session with constant conditions. */
export type PricedStretch = {
  start: Date;
  energyKwh: number;
  chargingHours: number;
  parkingHours: number;
  powerKw: number;
  /** Energy and seconds before this stretch began (min/max_kwh, min/max_duration). */
  kwhBefore: number;
  secondsBefore: number;
};

export type SessionCost = {
  total: OcpiPrice;
  fixed: OcpiPrice;
  energy: OcpiPrice;
  time: OcpiPrice;
  parking: OcpiPrice;
};

type Weekday = (typeof dayOfWeek)[number];

/** The station's local date, hh:mm and weekday at an instant. */
export function localTime(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday).toUpperCase() as Weekday,
  };
}

/** §11.4.6: does an element's restriction hold for this stretch? */
export function elementApplies(
  element: Element,
  stretch: PricedStretch,
  timeZone: string,
): boolean {
  const r = element.restrictions;
  if (!r) return true;
  if (r.reservation) return false;
  const local = localTime(stretch.start, timeZone);
  if (r.start_time && r.end_time) {
    const within =
      r.start_time <= r.end_time
        ? local.time >= r.start_time && local.time < r.end_time
        : local.time >= r.start_time || local.time < r.end_time;
    if (!within) return false;
  } else if (r.start_time && local.time < r.start_time) return false;
  else if (r.end_time && local.time >= r.end_time) return false;
  if (r.start_date && local.date < r.start_date) return false;
  if (r.end_date && local.date >= r.end_date) return false;
  if (r.day_of_week && !r.day_of_week.includes(local.weekday)) return false;
  if (r.min_kwh !== undefined && stretch.kwhBefore < r.min_kwh) return false;
  if (r.max_kwh !== undefined && stretch.kwhBefore >= r.max_kwh) return false;
  if (r.min_power !== undefined && stretch.powerKw < r.min_power) return false;
  if (r.max_power !== undefined && stretch.powerKw >= r.max_power) return false;
  if (r.min_duration !== undefined && stretch.secondsBefore < r.min_duration) return false;
  if (r.max_duration !== undefined && stretch.secondsBefore >= r.max_duration) return false;
  return true;
}

export function elementFor(tariff: OcpiTariffObject, stretch: PricedStretch, timeZone: string) {
  return tariff.elements.find((element) => elementApplies(element, stretch, timeZone));
}

/** To the cent, half up; toPrecision first so 1.255 (1.25499… in binary) becomes 1.26. */
const cents = (value: number) => Math.round(Number((value * 100).toPrecision(12))) / 100;

type Tally = {
  volume: number;
  excl: number;
  incl: number;
  step: number;
  unit: number;
  price: number;
  vat: number;
};

/** The cost of a session's stretches so far under a tariff (EUR with two decimals). */
export function priceSession(
  tariff: OcpiTariffObject,
  timeZone: string,
  stretches: PricedStretch[],
): SessionCost {
  const tallies: Record<'FLAT' | 'ENERGY' | 'TIME' | 'PARKING_TIME', Tally> = {
    FLAT: { volume: 0, excl: 0, incl: 0, step: 0, unit: 1, price: 0, vat: 0 },
    ENERGY: { volume: 0, excl: 0, incl: 0, step: 0, unit: 1000, price: 0, vat: 0 },
    TIME: { volume: 0, excl: 0, incl: 0, step: 0, unit: 3600, price: 0, vat: 0 },
    PARKING_TIME: { volume: 0, excl: 0, incl: 0, step: 0, unit: 3600, price: 0, vat: 0 },
  };
  stretches.forEach((stretch, index) => {
    const element = elementFor(tariff, stretch, timeZone);
    for (const component of element?.price_components ?? []) {
      const volume =
        component.type === 'FLAT'
          ? index === 0
            ? 1
            : 0
          : component.type === 'ENERGY'
            ? stretch.energyKwh
            : component.type === 'TIME'
              ? stretch.chargingHours
              : stretch.parkingHours;
      if (volume === 0) continue;
      const tally = tallies[component.type];
      const vat = component.vat ?? 0;
      tally.volume += volume;
      tally.excl += volume * component.price;
      tally.incl += volume * component.price * (1 + vat / 100);
      Object.assign(tally, { step: component.step_size, price: component.price, vat });
    }
  });
  // §11.4.5: the session's total of a dimension is billed in whole steps.
  for (const type of ['ENERGY', 'TIME', 'PARKING_TIME'] as const) {
    const tally = tallies[type];
    if (tally.step <= 1 || tally.volume === 0) continue;
    const rounded =
      (Math.ceil((tally.volume * tally.unit) / tally.step - 1e-9) * tally.step) / tally.unit;
    const extra = rounded - tally.volume;
    tally.excl += extra * tally.price;
    tally.incl += extra * tally.price * (1 + tally.vat / 100);
  }
  const hasVat = tariff.elements.every((e) => e.price_components.every((c) => c.vat !== undefined));
  const priceOf = (excl: number, incl: number): OcpiPrice =>
    hasVat ? { excl_vat: cents(excl), incl_vat: cents(incl) } : { excl_vat: cents(excl) };
  const all = Object.values(tallies);
  return {
    total: priceOf(
      all.reduce((s, t) => s + t.excl, 0),
      all.reduce((s, t) => s + t.incl, 0),
    ),
    fixed: priceOf(tallies.FLAT.excl, tallies.FLAT.incl),
    energy: priceOf(tallies.ENERGY.excl, tallies.ENERGY.incl),
    time: priceOf(tallies.TIME.excl, tallies.TIME.incl),
    parking: priceOf(tallies.PARKING_TIME.excl, tallies.PARKING_TIME.incl),
  };
}
