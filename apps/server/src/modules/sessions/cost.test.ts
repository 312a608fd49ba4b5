import { describe, expect, it } from 'vitest';
import type { TariffWithIdle } from '../stations';
import { costMinor } from './cost';
import type { PlacedSession } from './repo';

const startedAt = new Date('2026-03-02T20:00:00Z');
const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);

const tariff = (overrides: Partial<TariffWithIdle['tariff']> = {}): TariffWithIdle => ({
  freeIdleMinutes: 10,
  tariff: {
    currency: 'rub',
    startFeeMinor: 0,
    firstConsumptionFeeMinor: 0,
    reservationFeeMinor: 0,
    reservationPerMinuteMinor: 0,
    minimalCostMinor: 0,
    perKwhMinor: 1000,
    perMinuteMinor: 0,
    parkingPerMinuteMinor: 100,
    zones: [],
    ...overrides,
  },
});

const session = {
  startedAt,
  createdAt: startedAt,
  utcOffsetMinutes: 0,
  reservationId: null,
} as PlacedSession;

describe('costMinor', () => {
  it.each([
    ['energy only', tariff(), { chargingEndedAt: at(60), energyWh: 11_000 }, 11_000],
    [
      'per minute while charging',
      tariff({ perMinuteMinor: 50 }),
      { chargingEndedAt: at(60), energyWh: 0 },
      3000,
    ],
    [
      'parking after the free minutes',
      tariff(),
      { chargingEndedAt: at(30), energyWh: 5000, parkingEndedAt: at(55) },
      5000 + 15 * 100,
    ],
    [
      'a charge point clock that ran backwards bills nothing negative',
      tariff({ perMinuteMinor: 50 }),
      { chargingEndedAt: at(-5), energyWh: 0 },
      0,
    ],
  ])('%s', (_, prices, facts, expected) => {
    expect(costMinor(prices, session, facts)).toBe(expected);
  });

  it('spreads energy over zones by the readings, and copes with a falling or late reading', () => {
    // Night zone from 21:00 at half price: 3 kWh before 21:00, 2 kWh after.
    const zoned = tariff({
      zones: [
        {
          from: '21:00',
          to: '07:00',
          perKwhMinor: 500,
          perMinuteMinor: 0,
          parkingPerMinuteMinor: 0,
        },
      ],
    });
    const readings = [
      { at: at(60), energyWh: 3000 },
      { at: at(70), energyWh: 2500 }, // a glitch: never falls
      { at: at(500), energyWh: 9000 }, // after the end: ignored
    ];
    const cost = costMinor(zoned, session, { chargingEndedAt: at(120), energyWh: 5000, readings });
    expect(cost).toBe(3000 + 1000);
  });
});
