import { z } from 'zod';
import { currencySchema, type Currency } from './currency';
import { divideRoundHalfUp } from './money';
import {
  nextZoneChangeSecond,
  tariffZoneSchema,
  zonePricesShape,
  type ZonePrices,
} from './tariff-zone';
import {
  energyByZone,
  epochSecond,
  secondsByZone,
  type MeterReading,
  type UsageByZone,
} from './zone-usage';

export type { MeterReading } from './zone-usage';

// SPEC §3: tariff items. Prices are integer minor units of `currency`: fees per session,
// perKwhMinor per kWh, perMinuteMinor and parkingPerMinuteMinor per minute. The per-kWh,
// per-minute and parking prices here apply whenever no zone does.
const feeMinorSchema = z.number().int().nonnegative();

export const tariffSchema = z.object({
  currency: currencySchema,
  startFeeMinor: feeMinorSchema,
  firstConsumptionFeeMinor: feeMinorSchema,
  reservationFeeMinor: feeMinorSchema,
  /** SPEC §3 Reservation: each minute a reservation holds the connector without charging. */
  reservationPerMinuteMinor: feeMinorSchema,
  minimalCostMinor: feeMinorSchema,
  ...zonePricesShape,
  zones: z.array(tariffZoneSchema),
});
export type Tariff = z.infer<typeof tariffSchema>;

/** When the zone in force next changes after `at`, or undefined if it never does. */
export function tariffChangeTime(
  tariff: Tariff,
  at: Date,
  utcOffsetMinutes: number,
): Date | undefined {
  const second = nextZoneChangeSecond(tariff.zones, epochSecond(at), utcOffsetMinutes);
  return second === undefined ? undefined : new Date(second * 1000);
}

export const costItemKinds = [
  'startFee',
  'firstConsumptionFee',
  'energy',
  'time',
  'parking',
  'minimalCost',
] as const;
export type CostItemKind = (typeof costItemKinds)[number];

// amountMinor = quantity × unitPriceMinor / per, rounded once, half-up, where per is 1 for a
// 'session' fee, 1000 for 'Wh' priced per kWh and 60 for 'second' priced per minute.
export type CostUnit = 'session' | 'Wh' | 'second';
const unitSize = { session: 1, Wh: 1000, second: 60 } as const satisfies Record<CostUnit, number>;

export type CostItem = {
  kind: CostItemKind;
  /** Index into tariff.zones, null for the tariff's own prices and for fees. */
  zone: number | null;
  quantity: number;
  unit: CostUnit;
  unitPriceMinor: number;
  amountMinor: number;
};

export type SessionCost = {
  currency: Currency;
  items: CostItem[];
  /** The sum of the items; at least the tariff's minimal cost. */
  totalMinor: number;
  energyWh: number;
  chargingSeconds: number;
  parkingSeconds: number;
};

export type SessionFacts = {
  startedAt: Date;
  endedAt: Date;
  /** Include the start and stop readings; energy between readings is spread evenly in time. */
  meterReadings: readonly MeterReading[];
  /** When the car stopped charging but stayed plugged in. Charging time ends here. */
  parkingStartedAt?: Date;
  /** When the car was unplugged; defaults to endedAt. */
  parkingEndedAt?: Date;
  /** Set by the station (SPEC §9): parking is charged only after this many idle minutes. */
  freeIdleMinutes: number;
  /**
   * The most parking may cost in all (the brand's ceiling, fixed when the session started):
   * billed parking stops at the second it would pass it. Unset: no ceiling.
   */
  parkingFeeCapMinor?: number;
  utcOffsetMinutes: number;
};

function pricesOf(tariff: Tariff, zone: number | null): ZonePrices {
  return zone === null ? tariff : (tariff.zones[zone] ?? tariff);
}

function item(
  kind: CostItemKind,
  zone: number | null,
  quantity: number,
  unit: CostUnit,
  unitPriceMinor: number,
): CostItem {
  const amountMinor = Number(
    divideRoundHalfUp(BigInt(quantity) * BigInt(unitPriceMinor), unitSize[unit]),
  );
  return { kind, zone, quantity, unit, unitPriceMinor, amountMinor };
}

function parkingItems(tariff: Tariff, parking: UsageByZone): CostItem[] {
  const items: CostItem[] = [];
  for (const [zone, seconds] of parking) {
    const priceMinor = pricesOf(tariff, zone).parkingPerMinuteMinor;
    if (seconds > 0 && priceMinor > 0)
      items.push(item('parking', zone, seconds, 'second', priceMinor));
  }
  return items;
}

const parkingCostOf = (tariff: Tariff, parking: UsageByZone) =>
  parkingItems(tariff, parking).reduce((sum, entry) => sum + entry.amountMinor, 0);

/**
 * The billable parking seconds by zone, up to the ceiling: when the whole stay would cost more,
 * billing stops at the last second that keeps it within the ceiling (the cost only grows with
 * time, so a binary search over the seconds finds it).
 */
function cappedParking(
  tariff: Tariff,
  from: number,
  to: number,
  offset: number,
  facts: Pick<SessionFacts, 'parkingFeeCapMinor'>,
): UsageByZone {
  const whole = secondsByZone(tariff.zones, from, to, offset);
  const cap = facts.parkingFeeCapMinor;
  if (cap === undefined || parkingCostOf(tariff, whole) <= cap) return whole;
  let low = from; // within the ceiling
  let high = to; // past it
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (parkingCostOf(tariff, secondsByZone(tariff.zones, from, middle, offset)) <= cap)
      low = middle;
    else high = middle;
  }
  return secondsByZone(tariff.zones, from, low, offset);
}

/** A finished (or running) session's cost from its meter and time facts. */
export function sessionCost(tariff: Tariff, facts: SessionFacts): SessionCost {
  const offset = facts.utcOffsetMinutes;
  const start = epochSecond(facts.startedAt);
  const end = epochSecond(facts.endedAt);
  const parkingStart = facts.parkingStartedAt ? epochSecond(facts.parkingStartedAt) : undefined;
  const parkingEnd = facts.parkingEndedAt ? epochSecond(facts.parkingEndedAt) : end;
  if (end < start) throw new RangeError('endedAt is before startedAt');
  if (parkingStart !== undefined && (parkingStart < start || parkingEnd < parkingStart)) {
    throw new RangeError('Parking must start after the session and end after it starts');
  }
  if (!(facts.freeIdleMinutes >= 0)) throw new RangeError('freeIdleMinutes must be >= 0');
  const cap = facts.parkingFeeCapMinor;
  if (cap !== undefined && !(Number.isSafeInteger(cap) && cap >= 0)) {
    throw new RangeError('parkingFeeCapMinor must be a whole number >= 0');
  }

  const energy = energyByZone(tariff.zones, facts.meterReadings, offset);
  const energyWh = [...energy.values()].reduce((sum, wh) => sum + wh, 0);
  // Per-minute charging stops when parking starts, so no minute is billed twice.
  const chargingEnd = Math.min(parkingStart ?? end, end);
  const charging = secondsByZone(tariff.zones, start, chargingEnd, offset);
  const billableParkingFrom = (parkingStart ?? parkingEnd) + Math.round(facts.freeIdleMinutes * 60);
  const parking = cappedParking(tariff, billableParkingFrom, parkingEnd, offset, facts);

  const items: CostItem[] = [];
  const fee = (kind: CostItemKind, priceMinor: number, applies: boolean) => {
    if (applies && priceMinor > 0) items.push(item(kind, null, 1, 'session', priceMinor));
  };
  fee('startFee', tariff.startFeeMinor, true);
  // The reservation fee is not the session's: a reservation is billed on its own (SPEC §3
  // Reservation, domain/reservation.ts), also when the session starts on it.
  // SPEC §3 first-consumption fee: owed only once energy has actually flowed, so a session
  // that never charged (car refused, cable fault) pays the start fee alone.
  fee('firstConsumptionFee', tariff.firstConsumptionFeeMinor, energyWh > 0);
  const perZone = (
    kind: CostItemKind,
    totals: UsageByZone,
    unit: CostUnit,
    price: keyof ZonePrices,
  ) => {
    for (const [zone, quantity] of totals) {
      const priceMinor = pricesOf(tariff, zone)[price];
      if (quantity > 0 && priceMinor > 0) items.push(item(kind, zone, quantity, unit, priceMinor));
    }
  };
  perZone('energy', energy, 'Wh', 'perKwhMinor');
  perZone('time', charging, 'second', 'perMinuteMinor');
  items.push(...parkingItems(tariff, parking));

  const subtotal = items.reduce((sum, entry) => sum + entry.amountMinor, 0);
  if (subtotal < tariff.minimalCostMinor) {
    items.push({
      ...item('minimalCost', null, 1, 'session', tariff.minimalCostMinor),
      amountMinor: tariff.minimalCostMinor - subtotal,
    });
  }
  return {
    currency: tariff.currency,
    items,
    totalMinor: Math.max(subtotal, tariff.minimalCostMinor),
    energyWh,
    chargingSeconds: chargingEnd - start,
    parkingSeconds: parkingStart === undefined ? 0 : parkingEnd - parkingStart,
  };
}

export type EstimateInput = {
  energyWh: number;
  minutes: number;
  /** With `at` and the station's offset the zones apply; without, the tariff's own prices. */
  at?: Date;
  utcOffsetMinutes?: number;
};

/** A pre-start estimate: the energy is assumed to flow evenly over the minutes. */
export function estimateCost(tariff: Tariff, input: EstimateInput): SessionCost {
  const startedAt = input.at ?? new Date(0);
  const endedAt = new Date(startedAt.getTime() + Math.round(input.minutes * 60) * 1000);
  return sessionCost(input.at ? tariff : { ...tariff, zones: [] }, {
    startedAt,
    endedAt,
    meterReadings: [
      { at: startedAt, energyWh: 0 },
      { at: endedAt, energyWh: Math.round(input.energyWh) },
    ],
    freeIdleMinutes: 0,
    utcOffsetMinutes: input.utcOffsetMinutes ?? 0,
  });
}
