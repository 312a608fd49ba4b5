import { z } from 'zod';
import type { CurrentType } from './socket-type';
import { minorPerMajor, type Currency } from './currency';
import { rule, type LimitMode } from './validation';

// SPEC §4 session statuses: a connector's while the car charges, then parking, then final.
export const sessionStatuses = [
  'preparing',
  'charging',
  'suspendedev',
  'suspendedevse',
  'finishing',
  'parking',
  'success',
  'cancelled',
] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** The session is still open: a car is (or is about to be) plugged in. */
export function isSessionOpen(status: SessionStatus): boolean {
  return status !== 'success' && status !== 'cancelled';
}

// SPEC §4 charging limits and the charging profiles of the chargeProfile screen, shared by
// the web (what the driver picks and sees) and the server (what it enforces).

/**
 * The unit of a limit's value in the API and the database: cost in minor units of the
 * session's currency, time in minutes, energy in watt-hours. `none` and `full` have no value.
 */
export const limitUnits = { cost: 'minor', time: 'minute', energy: 'Wh' } as const;

export type ChargeLimit = { mode: LimitMode; value?: number | null };

/** The limit as the API takes it: whole units, a value exactly when the mode needs one. */
export const chargeLimitBodySchema = z
  .object({
    mode: z.enum(['none', 'full', 'cost', 'time', 'energy'], { error: rule.invalid }),
    value: z
      .number({ error: rule.number })
      .int({ error: rule.number })
      .positive({ error: rule.amount })
      .max(100_000_000, { error: rule.invalid })
      .nullish(),
  })
  .strict()
  .refine((limit) => limit.mode === 'none' || limit.mode === 'full' || limit.value != null, {
    error: rule.limitValueRequired,
    path: ['value'],
  });

/**
 * What the driver typed, in the units the screen shows (money in major units, minutes, kWh),
 * turned into the API's whole units; undefined for a mode without a value.
 */
export function limitValueFromTyped(
  mode: LimitMode,
  typed: number,
  currency: Currency,
): number | undefined {
  switch (mode) {
    case 'cost':
      return Math.round(typed * minorPerMajor(currency));
    case 'time':
      return Math.round(typed);
    case 'energy':
      return Math.round(typed * 1000);
    default:
      return undefined;
  }
}

export type SessionProgress = { energyWh: number; costMinor: number; elapsedSeconds: number };

/** Whether a running session has reached its limit (`full` is decided by the car). */
export function isLimitReached(limit: ChargeLimit, progress: SessionProgress): boolean {
  const value = limit.value;
  if (value == null) return false;
  switch (limit.mode) {
    case 'cost':
      return progress.costMinor >= value;
    case 'time':
      return progress.elapsedSeconds >= value * 60;
    case 'energy':
      return progress.energyWh >= value;
    default:
      return false;
  }
}

/** How far a session is towards its limit, 0…1; undefined when the limit has no value. */
export function limitProgress(limit: ChargeLimit, progress: SessionProgress): number | undefined {
  const value = limit.value;
  if (value == null || value <= 0) return undefined;
  const done =
    limit.mode === 'cost'
      ? progress.costMinor
      : limit.mode === 'time'
        ? progress.elapsedSeconds / 60
        : limit.mode === 'energy'
          ? progress.energyWh
          : undefined;
  return done === undefined ? undefined : Math.min(1, Math.max(0, done / value));
}

// The chargeProfile screen: how hard to charge. `fast` takes what the connector and car give;
// `balanced` caps at 11 kW on AC and half the connector on DC; `gentle` caps at 7.4 kW on AC
// (one phase, 32 A) and a quarter of the connector on DC, kinder to the battery and the grid.
export const chargingProfiles = ['fast', 'balanced', 'gentle'] as const;
export type ChargingProfile = (typeof chargingProfiles)[number];
export const chargingProfileSchema = z.enum(chargingProfiles, { error: rule.invalid });

/** The power cap of a profile on a connector in watts; undefined for no cap. */
export function profilePowerCapW(
  profile: ChargingProfile,
  connector: { powerKw: number; currentType: CurrentType },
): number | undefined {
  const connectorW = Math.round(connector.powerKw * 1000);
  if (profile === 'fast') return undefined;
  const cap =
    connector.currentType === 'AC'
      ? profile === 'balanced'
        ? 11_000
        : 7_400
      : Math.round(connectorW * (profile === 'balanced' ? 0.5 : 0.25));
  return cap >= connectorW ? undefined : cap;
}

/**
 * The least a wallet must hold to start a session (SPEC §5), in minor units: about the price
 * of a short charge in each currency.
 */
export const minStartBalanceMajor = {
  rub: 100,
  eur: 2,
  kzt: 500,
  usd: 2,
  byn: 5,
  azn: 3,
  kgs: 150,
  tjs: 20,
  uzs: 20_000,
} as const satisfies Record<Currency, number>;

export function minStartBalanceMinor(currency: Currency): number {
  return minStartBalanceMajor[currency] * minorPerMajor(currency);
}

/** A car as the estimate needs it; every field may be unknown. */
export type CarFacts = {
  batteryKwh?: number | null;
  socPercent?: number | null;
  maxAcKw?: number | null;
  maxDcKw?: number | null;
};

export type ChargePlanInput = {
  connector: { powerKw: number; currentType: CurrentType };
  car?: CarFacts;
  limit: ChargeLimit;
  profile?: ChargingProfile;
  /** Price of one kWh and one minute, for a cost limit (minor units). */
  perKwhMinor: number;
  perMinuteMinor: number;
};

export type ChargePlan = {
  /** The power the session will mostly run at, in watts. */
  powerW: number;
  /** Energy and minutes the session is expected to take; undefined when nothing bounds it. */
  energyWh?: number;
  minutes?: number;
};

/** SoC the car reaches when `full`: DC charging slows to a crawl above this. */
const FULL_SOC = 100;
/** DC above 80 % tapers: the rest takes about as long again as at full power. */
const DC_TAPER_FROM = 80;

/**
 * The expected energy and time of a session before it starts: the power the connector, the
 * car and the profile allow; the energy the limit or the battery allows. A simple model
 * (constant power, DC taper above 80 %) that is honest about what it does not know.
 */
export function planCharge(input: ChargePlanInput): ChargePlan {
  const { connector, car = {}, limit } = input;
  const carKw = connector.currentType === 'AC' ? car.maxAcKw : car.maxDcKw;
  const profileCap = input.profile ? profilePowerCapW(input.profile, connector) : undefined;
  const powerW = Math.round(
    Math.min(connector.powerKw * 1000, carKw ? carKw * 1000 : Infinity, profileCap ?? Infinity),
  );
  const needWh =
    car.batteryKwh && car.socPercent != null
      ? Math.max(0, ((FULL_SOC - car.socPercent) / 100) * car.batteryKwh * 1000)
      : undefined;
  const minutesFor = (wh: number) => {
    if (powerW <= 0) return undefined;
    let minutes = (wh / powerW) * 60;
    // DC: the energy above 80 % comes at about half the power.
    if (connector.currentType === 'DC' && car.batteryKwh && car.socPercent != null) {
      const taperWh = Math.max(
        0,
        wh - Math.max(0, ((DC_TAPER_FROM - car.socPercent) / 100) * car.batteryKwh * 1000),
      );
      minutes += (taperWh / powerW) * 60;
    }
    return minutes;
  };
  const capped = (wh: number) => (needWh === undefined ? wh : Math.min(wh, needWh));
  let energyWh: number | undefined;
  let minutes: number | undefined;
  const value = limit.value ?? undefined;
  switch (limit.mode) {
    case 'energy':
      energyWh = value === undefined ? undefined : capped(value);
      break;
    case 'time':
      if (value !== undefined) {
        energyWh = capped((powerW * value) / 60);
        minutes = energyWh === needWh ? minutesFor(energyWh) : value;
      }
      break;
    case 'cost':
      if (value !== undefined) {
        // cost = kWh × perKwh + minutes × perMinute, with minutes = kWh / kW × 60.
        const perWh = input.perKwhMinor / 1000 + (input.perMinuteMinor * 60) / powerW;
        energyWh = perWh > 0 ? capped(value / perWh) : needWh;
      }
      break;
    default:
      energyWh = needWh;
  }
  if (energyWh !== undefined && minutes === undefined) minutes = minutesFor(energyWh);
  return {
    powerW,
    ...(energyWh === undefined ? {} : { energyWh: Math.round(energyWh) }),
    ...(minutes === undefined ? {} : { minutes: Math.ceil(minutes) }),
  };
}
