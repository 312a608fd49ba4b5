import { describe, expect, it } from 'vitest';
import {
  estimateCost,
  sessionCost,
  tariffChangeTime,
  tariffSchema,
  type CostItem,
  type SessionFacts,
  type Tariff,
} from './tariff';

const MSK = 180; // UTC+3, minutes

/** The instant of a wall-clock time at a station `offset` minutes east of UTC. */
const local = (isoMinute: string, offset = MSK) =>
  new Date(Date.parse(`${isoMinute}:00Z`) - offset * 60_000);

// Prices in kopecks: 15 ₽/kWh, 1 ₽/min, parking 5 ₽/min.
const buildTariff = (overrides: Partial<Tariff> = {}): Tariff => ({
  currency: 'rub',
  startFeeMinor: 0,
  firstConsumptionFeeMinor: 0,
  reservationFeeMinor: 0,
  reservationPerMinuteMinor: 0,
  minimalCostMinor: 0,
  perKwhMinor: 1500,
  perMinuteMinor: 100,
  parkingPerMinuteMinor: 500,
  zones: [],
  ...overrides,
});

// Night zone: 8 ₽/kWh, time and parking free.
const night = {
  from: '23:00',
  to: '07:00',
  perKwhMinor: 800,
  perMinuteMinor: 0,
  parkingPerMinuteMinor: 0,
};

const buildFacts = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  startedAt: local('2024-03-10T10:00'),
  endedAt: local('2024-03-10T11:00'),
  meterReadings: [
    { at: local('2024-03-10T10:00'), energyWh: 1_000 },
    { at: local('2024-03-10T11:00'), energyWh: 21_000 },
  ],
  freeIdleMinutes: 10,
  utcOffsetMinutes: MSK,
  ...overrides,
});

const pick = (items: CostItem[]) =>
  items.map(({ kind, zone, quantity, amountMinor }) => ({ kind, zone, quantity, amountMinor }));

describe('sessionCost', () => {
  it('bills energy and time at the base prices', () => {
    const cost = sessionCost(buildTariff(), buildFacts());
    expect(pick(cost.items)).toEqual([
      { kind: 'energy', zone: null, quantity: 20_000, amountMinor: 30_000 },
      { kind: 'time', zone: null, quantity: 3_600, amountMinor: 6_000 },
    ]);
    expect(cost).toMatchObject({
      totalMinor: 36_000,
      energyWh: 20_000,
      chargingSeconds: 3_600,
      parkingSeconds: 0,
    });
  });

  it('splits energy at a zone change by when it was consumed', () => {
    const cost = sessionCost(
      buildTariff({ zones: [night] }),
      buildFacts({
        startedAt: local('2024-03-10T22:00'),
        endedAt: local('2024-03-11T00:00'),
        meterReadings: [
          { at: local('2024-03-10T22:00'), energyWh: 0 },
          { at: local('2024-03-10T23:00'), energyWh: 10_000 },
          { at: local('2024-03-11T00:00'), energyWh: 25_000 },
        ],
      }),
    );
    expect(pick(cost.items)).toEqual([
      { kind: 'energy', zone: null, quantity: 10_000, amountMinor: 15_000 },
      { kind: 'energy', zone: 0, quantity: 15_000, amountMinor: 12_000 },
      { kind: 'time', zone: null, quantity: 3_600, amountMinor: 6_000 },
    ]);
    expect(cost.totalMinor).toBe(33_000);
  });

  it('applies a zone that crosses midnight on both sides of it', () => {
    const cost = sessionCost(
      buildTariff({ zones: [{ ...night, perMinuteMinor: 50 }] }),
      buildFacts({
        startedAt: local('2024-03-10T06:30'),
        endedAt: local('2024-03-10T07:30'),
        meterReadings: [
          { at: local('2024-03-10T06:30'), energyWh: 0 },
          { at: local('2024-03-10T07:30'), energyWh: 6_000 },
        ],
      }),
    );
    expect(pick(cost.items)).toEqual([
      { kind: 'energy', zone: 0, quantity: 3_000, amountMinor: 2_400 },
      { kind: 'energy', zone: null, quantity: 3_000, amountMinor: 4_500 },
      { kind: 'time', zone: 0, quantity: 1_800, amountMinor: 1_500 },
      { kind: 'time', zone: null, quantity: 1_800, amountMinor: 3_000 },
    ]);
  });

  it.each([
    ['within the free minutes', '11:08', []],
    ['exactly the free minutes', '11:10', []],
    [
      '15 minutes after the free 10',
      '11:25',
      [{ kind: 'parking', zone: null, quantity: 900, amountMinor: 7_500 }],
    ],
  ])('parking: %s', (_, unpluggedAt, expected) => {
    const cost = sessionCost(
      buildTariff({ perMinuteMinor: 0 }),
      buildFacts({
        parkingStartedAt: local('2024-03-10T11:00'),
        parkingEndedAt: local(`2024-03-10T${unpluggedAt}`),
        endedAt: local(`2024-03-10T${unpluggedAt}`),
      }),
    );
    expect(pick(cost.items).filter((entry) => entry.kind === 'parking')).toEqual(expected);
  });

  it.each([
    ['under the ceiling: billed in full', 10_000, [{ quantity: 900, amountMinor: 7_500 }]],
    ['past the ceiling: billed up to it', 3_000, [{ quantity: 360, amountMinor: 3_000 }]],
    [
      'a ceiling between two seconds: the last second within it',
      2_999,
      [{ quantity: 359, amountMinor: 2_992 }],
    ],
    ['a ceiling of 0: parking is free', 0, []],
  ])('the parking ceiling, %s', (_, parkingFeeCapMinor, expected) => {
    // 5 ₽ a minute from 11:10 (10 free minutes) to 11:25: 75 ₽ without a ceiling.
    const cost = sessionCost(
      buildTariff({ perMinuteMinor: 0 }),
      buildFacts({
        parkingStartedAt: local('2024-03-10T11:00'),
        parkingEndedAt: local('2024-03-10T11:25'),
        endedAt: local('2024-03-10T11:25'),
        parkingFeeCapMinor,
      }),
    );
    const parking = cost.items.filter((entry) => entry.kind === 'parking');
    expect(parking.map(({ quantity, amountMinor }) => ({ quantity, amountMinor }))).toEqual(
      expected,
    );
    expect(cost.parkingSeconds).toBe(25 * 60); // the stay itself is what it was
  });

  it('refuses a parking ceiling that is not a whole number of minor units', () => {
    for (const parkingFeeCapMinor of [-1, 1.5, Number.NaN]) {
      expect(() => sessionCost(buildTariff(), buildFacts({ parkingFeeCapMinor }))).toThrow(
        RangeError,
      );
    }
  });

  it('stops per-minute charging when parking starts, so no minute is billed twice', () => {
    const cost = sessionCost(
      buildTariff(),
      buildFacts({
        endedAt: local('2024-03-10T11:30'),
        parkingStartedAt: local('2024-03-10T10:45'),
        freeIdleMinutes: 0,
      }),
    );
    expect(pick(cost.items).filter((entry) => entry.kind !== 'energy')).toEqual([
      { kind: 'time', zone: null, quantity: 2_700, amountMinor: 4_500 },
      { kind: 'parking', zone: null, quantity: 2_700, amountMinor: 22_500 },
    ]);
    expect(cost).toMatchObject({ chargingSeconds: 2_700, parkingSeconds: 2_700 });
  });

  it('charges parking at the price of the zone the car is parked in', () => {
    const cost = sessionCost(
      buildTariff({ zones: [{ ...night, parkingPerMinuteMinor: 100 }] }),
      buildFacts({
        startedAt: local('2024-03-10T22:00'),
        parkingStartedAt: local('2024-03-10T22:30'),
        endedAt: local('2024-03-10T23:20'),
        meterReadings: [],
      }),
    );
    // Free until 22:40; 20 minutes at 5 ₽ before 23:00, 20 at 1 ₽ after.
    expect(pick(cost.items).filter((entry) => entry.kind === 'parking')).toEqual([
      { kind: 'parking', zone: null, quantity: 1_200, amountMinor: 10_000 },
      { kind: 'parking', zone: 0, quantity: 1_200, amountMinor: 2_000 },
    ]);
  });

  it.each([
    ['no energy: start fee only', 1_000, []],
    ['energy: start and first-consumption fees', 1_001, ['firstConsumptionFee']],
  ])('%s', (_, lastWh, extra) => {
    const cost = sessionCost(
      buildTariff({
        startFeeMinor: 5_000,
        firstConsumptionFeeMinor: 3_000,
        perMinuteMinor: 0,
        perKwhMinor: 0,
      }),
      buildFacts({
        meterReadings: [
          { at: local('2024-03-10T10:00'), energyWh: 1_000 },
          { at: local('2024-03-10T11:00'), energyWh: lastWh },
        ],
      }),
    );
    expect(cost.items.map((entry) => entry.kind)).toEqual(['startFee', ...extra]);
    expect(cost.totalMinor).toBe(5_000 + extra.length * 3_000);
  });

  it('never bills the reservation fee in a session: the reservation has its own bill', () => {
    const cost = sessionCost(
      buildTariff({
        startFeeMinor: 5_000,
        reservationFeeMinor: 10_000,
        reservationPerMinuteMinor: 500,
        perKwhMinor: 0,
        perMinuteMinor: 0,
      }),
      buildFacts(),
    );
    expect(cost.items.map((entry) => entry.kind)).toEqual(['startFee']);
    expect(cost.totalMinor).toBe(5_000);
  });

  it.each([
    ['tops a small session up to the minimal cost', 50_000, 50_000, 14_000],
    ['adds nothing once the items exceed it', 20_000, 36_000, undefined],
  ])('%s', (_, minimalCostMinor, total, topUp) => {
    const cost = sessionCost(buildTariff({ minimalCostMinor }), buildFacts());
    expect(cost.totalMinor).toBe(total);
    expect(cost.items.find((entry) => entry.kind === 'minimalCost')?.amountMinor).toBe(topUp);
    expect(cost.items.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(total);
  });

  it.each([
    ['1 Wh at 15 ₽/kWh: 1.5 kopecks rounds up', 1, 2],
    ['3 Wh: 4.5 rounds up', 3, 5],
    ['1 005 Wh: 1 507.5 rounds up', 1_005, 1_508],
    ['1 001 Wh: 1 501.5 rounds up', 1_001, 1_502],
    ['333 Wh: 499.5 rounds up', 333, 500],
    ['2 Wh: exactly 3', 2, 3],
  ])('rounds once per item, half-up: %s', (_, energyWh, amountMinor) => {
    const cost = sessionCost(
      buildTariff({ perMinuteMinor: 0 }),
      buildFacts({
        meterReadings: [
          { at: local('2024-03-10T10:00'), energyWh: 0 },
          { at: local('2024-03-10T11:00'), energyWh },
        ],
      }),
    );
    expect(cost.items).toEqual([
      {
        kind: 'energy',
        zone: null,
        quantity: energyWh,
        unit: 'Wh',
        unitPriceMinor: 1_500,
        amountMinor,
      },
    ]);
  });

  it('rounds the sum of a zone, not each meter interval', () => {
    // Three intervals of 1 Wh at 15 ₽/kWh: 1.5 each. Rounded one by one they would be 6.
    const readings = [0, 1, 2, 3].map((energyWh, i) => ({
      at: local(`2024-03-10T10:0${i}`),
      energyWh,
    }));
    const cost = sessionCost(
      buildTariff({ perMinuteMinor: 0 }),
      buildFacts({ meterReadings: readings }),
    );
    expect(cost.totalMinor).toBe(5);
  });

  it.each([
    ['end before start', { endedAt: local('2024-03-10T09:59') }],
    ['parking before start', { parkingStartedAt: local('2024-03-10T09:00') }],
    [
      'parking ending before it starts',
      { parkingStartedAt: local('2024-03-10T10:30'), parkingEndedAt: local('2024-03-10T10:20') },
    ],
    ['negative free minutes', { freeIdleMinutes: -1 }],
    [
      'a meter going back',
      {
        meterReadings: [
          { at: local('2024-03-10T10:00'), energyWh: 5 },
          { at: local('2024-03-10T10:30'), energyWh: 4 },
        ],
      },
    ],
  ])('refuses %s', (_, overrides) => {
    expect(() => sessionCost(buildTariff(), buildFacts(overrides))).toThrow(RangeError);
  });
});

describe('tariffChangeTime', () => {
  const tariff = buildTariff({ zones: [night] });
  it.each([
    ['2024-03-10T12:00', MSK, '2024-03-10T20:00'], // 23:00 in Moscow is 20:00 UTC
    ['2024-03-10T21:00', MSK, '2024-03-11T04:00'], // 00:00 in Moscow: night ends 07:00
    ['2024-03-10T12:00', 300, '2024-03-10T18:00'], // Tashkent, UTC+5
    ['2024-03-10T12:00', 0, '2024-03-10T23:00'],
  ])('after %s UTC at offset %d: %s UTC', (from, offset, expected) => {
    expect(tariffChangeTime(tariff, new Date(`${from}:00Z`), offset)).toEqual(
      new Date(`${expected}:00Z`),
    );
  });

  it('is undefined without zones', () => {
    expect(tariffChangeTime(buildTariff(), new Date(), MSK)).toBeUndefined();
  });
});

describe('estimateCost', () => {
  const tariff = buildTariff({
    startFeeMinor: 5_000,
    firstConsumptionFeeMinor: 3_000,
    zones: [night],
  });

  it('uses the base prices without a start instant', () => {
    const cost = estimateCost(tariff, { energyWh: 20_000, minutes: 60 });
    expect(cost.items.map((entry) => [entry.kind, entry.zone, entry.amountMinor])).toEqual([
      ['startFee', null, 5_000],
      ['firstConsumptionFee', null, 3_000],
      ['energy', null, 30_000],
      ['time', null, 6_000],
    ]);
    expect(cost.totalMinor).toBe(44_000);
  });

  it('follows the zones from a start instant', () => {
    // 22:30-23:30 in Moscow: half the energy and time before the night zone, half in it.
    const cost = estimateCost(tariff, {
      energyWh: 20_000,
      minutes: 60,
      at: local('2024-03-10T22:30'),
      utcOffsetMinutes: MSK,
    });
    expect(cost.totalMinor).toBe(5_000 + 3_000 + 15_000 + 8_000 + 3_000);
  });

  it('has no first-consumption fee for no energy, and keeps the minimal cost', () => {
    const cost = estimateCost({ ...tariff, minimalCostMinor: 10_000 }, { energyWh: 0, minutes: 0 });
    expect(cost.items.map((entry) => entry.kind)).toEqual(['startFee', 'minimalCost']);
    expect(cost.totalMinor).toBe(10_000);
  });
});

describe('tariffSchema', () => {
  it('accepts a tariff', () => {
    expect(tariffSchema.parse(buildTariff({ zones: [night] }))).toEqual(
      buildTariff({ zones: [night] }),
    );
  });

  it.each([
    ['a float price', { perKwhMinor: 15.5 }],
    ['a negative fee', { startFeeMinor: -1 }],
    ['an unknown currency', { currency: 'gbp' }],
    ['a bad zone time', { zones: [{ ...night, from: '25:00' }] }],
  ])('refuses %s', (_, overrides) => {
    expect(tariffSchema.safeParse({ ...buildTariff(), ...overrides }).success).toBe(false);
  });
});
