import { describe, expect, it } from 'vitest';
import type { TariffWithIdle } from '../stations';
import { costMinor, pricedCost, withLoyalty } from './cost';
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

describe('the loyalty discount (SPEC §7 Loyalty)', () => {
  const discount = (percent: number) => ({ benefit: { kind: 'discount' as const, percent } });
  const withCard = (loyalty: PlacedSession['loyalty']) => ({ ...session, loyalty });

  it('takes its percentage off the energy part only, rounded down', () => {
    // 11 kWh at 10.00 = 110.00 energy, 70 parked minutes (10 free) at 1.00 = 60.00, a 5.00 start fee.
    const priced = pricedCost(
      tariff({ startFeeMinor: 500 }),
      withCard({ cardId: 'c', companyId: 'p', companyName: 'Fuel', ...discount(5) }),
      { chargingEndedAt: at(60), energyWh: 11_001, parkingEndedAt: at(130) },
    );
    // Energy 110.01: 5 % is 5.5005, rounded down to 5.50.
    expect(priced).toMatchObject({
      fullMinor: 11_001 + 6000 + 500,
      discountMinor: 550,
      costMinor: 11_001 + 6000 + 500 - 550,
    });
    expect(
      costMinor(tariff({ startFeeMinor: 500 }), withCard(null), {
        chargingEndedAt: at(60),
        energyWh: 11_001,
        parkingEndedAt: at(130),
      }),
    ).toBe(priced.fullMinor);
  });

  it('gives no discount on a points card, nor without energy', () => {
    const points = {
      cardId: 'c',
      companyId: 'p',
      companyName: 'Air',
      benefit: { kind: 'points' as const, pointsPerKwh: 2 },
    };
    const facts = { chargingEndedAt: at(60), energyWh: 5000 };
    expect(pricedCost(tariff(), withCard(points), facts).discountMinor).toBe(0);
    const idle = pricedCost(
      tariff({ perMinuteMinor: 50 }),
      withCard({ ...points, ...discount(50) }),
      {
        chargingEndedAt: at(60),
        energyWh: 0,
      },
    );
    expect(idle).toMatchObject({ discountMinor: 0, costMinor: 3000 });
  });

  it('never takes off more than the whole cost', () => {
    const breakdown = {
      currency: 'rub' as const,
      items: [
        {
          kind: 'energy' as const,
          zone: null,
          quantity: 1000,
          unit: 'Wh' as const,
          unitPriceMinor: 1000,
          amountMinor: 1000,
        },
      ],
      totalMinor: 1000,
      energyWh: 1000,
      chargingSeconds: 60,
      parkingSeconds: 0,
    };
    expect(withLoyalty(breakdown, discount(100))).toMatchObject({
      discountMinor: 1000,
      costMinor: 0,
    });
  });
});
