import { describe, expect, it } from 'vitest';
import {
  chargeLimitBodySchema,
  isLimitReached,
  limitProgress,
  limitValueFromTyped,
  minStartBalanceMinor,
  planCharge,
  profilePowerCapW,
} from './charging';

const progress = { energyWh: 0, costMinor: 0, elapsedSeconds: 0 };

describe('limits', () => {
  it('turns what the driver typed into the API units', () => {
    expect(limitValueFromTyped('cost', 150.5, 'rub')).toBe(15_050);
    expect(limitValueFromTyped('time', 45, 'rub')).toBe(45);
    expect(limitValueFromTyped('energy', 12.5, 'rub')).toBe(12_500);
    expect(limitValueFromTyped('full', 1, 'rub')).toBeUndefined();
  });

  it('needs a whole positive value exactly for cost, time and energy', () => {
    expect(chargeLimitBodySchema.safeParse({ mode: 'energy' }).success).toBe(false);
    expect(chargeLimitBodySchema.safeParse({ mode: 'energy', value: 0 }).success).toBe(false);
    expect(chargeLimitBodySchema.safeParse({ mode: 'energy', value: 1.5 }).success).toBe(false);
    expect(chargeLimitBodySchema.safeParse({ mode: 'energy', value: 1500 }).success).toBe(true);
    expect(chargeLimitBodySchema.safeParse({ mode: 'full' }).success).toBe(true);
    expect(chargeLimitBodySchema.safeParse({ mode: 'later' }).success).toBe(false);
  });

  it('is reached at the value, not before', () => {
    expect(isLimitReached({ mode: 'energy', value: 1000 }, { ...progress, energyWh: 999 })).toBe(
      false,
    );
    expect(isLimitReached({ mode: 'energy', value: 1000 }, { ...progress, energyWh: 1000 })).toBe(
      true,
    );
    expect(isLimitReached({ mode: 'cost', value: 500 }, { ...progress, costMinor: 500 })).toBe(
      true,
    );
    expect(isLimitReached({ mode: 'time', value: 2 }, { ...progress, elapsedSeconds: 119 })).toBe(
      false,
    );
    expect(isLimitReached({ mode: 'time', value: 2 }, { ...progress, elapsedSeconds: 120 })).toBe(
      true,
    );
    expect(
      isLimitReached({ mode: 'none' }, { energyWh: 1e9, costMinor: 1e9, elapsedSeconds: 1e9 }),
    ).toBe(false);
    expect(
      isLimitReached({ mode: 'full' }, { energyWh: 1e9, costMinor: 1e9, elapsedSeconds: 1e9 }),
    ).toBe(false);
  });

  it('tells how far a session is towards its limit', () => {
    expect(limitProgress({ mode: 'energy', value: 2000 }, { ...progress, energyWh: 500 })).toBe(
      0.25,
    );
    expect(limitProgress({ mode: 'time', value: 10 }, { ...progress, elapsedSeconds: 1200 })).toBe(
      1,
    );
    expect(limitProgress({ mode: 'none' }, progress)).toBeUndefined();
  });
});

describe('charging profiles', () => {
  it('caps AC at 11 and 7.4 kW and DC at a half and a quarter, never above the connector', () => {
    const ac22 = { powerKw: 22, currentType: 'AC' as const };
    expect(profilePowerCapW('fast', ac22)).toBeUndefined();
    expect(profilePowerCapW('balanced', ac22)).toBe(11_000);
    expect(profilePowerCapW('gentle', ac22)).toBe(7_400);
    expect(profilePowerCapW('balanced', { powerKw: 7.4, currentType: 'AC' })).toBeUndefined();
    expect(profilePowerCapW('balanced', { powerKw: 150, currentType: 'DC' })).toBe(75_000);
    expect(profilePowerCapW('gentle', { powerKw: 150, currentType: 'DC' })).toBe(37_500);
  });
});

describe('the minimum balance to start', () => {
  it('is a sensible amount in every currency', () => {
    expect(minStartBalanceMinor('rub')).toBe(10_000);
    expect(minStartBalanceMinor('eur')).toBe(200);
    expect(minStartBalanceMinor('uzs')).toBe(2_000_000);
  });
});

describe('planCharge', () => {
  const ac = { powerKw: 22, currentType: 'AC' as const };
  const prices = { perKwhMinor: 1500, perMinuteMinor: 0 };

  it('runs at what the connector, the car and the profile allow', () => {
    expect(planCharge({ connector: ac, limit: { mode: 'none' }, ...prices }).powerW).toBe(22_000);
    expect(
      planCharge({ connector: ac, car: { maxAcKw: 11 }, limit: { mode: 'none' }, ...prices })
        .powerW,
    ).toBe(11_000);
    expect(
      planCharge({ connector: ac, limit: { mode: 'none' }, profile: 'gentle', ...prices }).powerW,
    ).toBe(7_400);
  });

  it('takes the energy of a limit, capped by what the battery can still take', () => {
    const car = { batteryKwh: 60, socPercent: 80, maxAcKw: 11 };
    expect(
      planCharge({ connector: ac, car, limit: { mode: 'energy', value: 5_500 }, ...prices }),
    ).toEqual({
      powerW: 11_000,
      energyWh: 5_500,
      minutes: 30,
    });
    expect(
      planCharge({ connector: ac, car, limit: { mode: 'energy', value: 50_000 }, ...prices })
        .energyWh,
    ).toBe(12_000);
    expect(planCharge({ connector: ac, car, limit: { mode: 'full' }, ...prices }).energyWh).toBe(
      12_000,
    );
    expect(planCharge({ connector: ac, limit: { mode: 'none' }, ...prices })).toEqual({
      powerW: 22_000,
    });
  });

  it('turns a time limit into energy and a cost limit into energy at the prices', () => {
    expect(
      planCharge({
        connector: ac,
        car: { maxAcKw: 11 },
        limit: { mode: 'time', value: 60 },
        ...prices,
      }),
    ).toEqual({
      powerW: 11_000,
      energyWh: 11_000,
      minutes: 60,
    });
    // 300.00 at 15.00 a kWh is 20 kWh.
    expect(
      planCharge({ connector: ac, limit: { mode: 'cost', value: 30_000 }, ...prices }).energyWh,
    ).toBe(20_000);
  });

  it('counts the DC taper above 80 %', () => {
    const dc = { powerKw: 100, currentType: 'DC' as const };
    const car = { batteryKwh: 50, socPercent: 70, maxDcKw: 100 };
    // 5 kWh to 80 % at 100 kW (3 min), then 10 kWh at about half (12 min).
    expect(planCharge({ connector: dc, car, limit: { mode: 'full' }, ...prices })).toEqual({
      powerW: 100_000,
      energyWh: 15_000,
      minutes: 15,
    });
  });
});
