import { describe, expect, it } from 'vitest';
import {
  isOcpiTariffActive,
  ocpiEstimate,
  ocpiSessionCost,
  roamingPrice,
  tariffSummary,
  type ChargingPeriod,
  type OcpiTariff,
  type PriceComponent,
  type TariffElement,
} from './roaming-tariff';

// Figures below are the OCPI 2.2.1 specification's own (§11.3.1 examples, §11.4.2, §11.4.6,
// §10.3.1 step_size), in euro. 2024-01-01 is a Monday.

const CET = 60; // UTC+1, minutes

/** The instant of a wall-clock time ("2024-01-01T10:00[:20]") `offset` minutes east of UTC. */
const local = (wallClock: string, offset = CET) =>
  new Date(
    Date.parse(`${wallClock.length === 16 ? `${wallClock}:00` : wallClock}Z`) - offset * 60_000,
  );

const charging = (
  from: string,
  to: string,
  energyWh: number,
  extra: Partial<ChargingPeriod> = {},
  offset = CET,
): ChargingPeriod => ({
  startsAt: local(from, offset),
  endsAt: local(to, offset),
  energyWh,
  isCharging: true,
  ...extra,
});

const parking = (from: string, to: string, offset = CET): ChargingPeriod => ({
  startsAt: local(from, offset),
  endsAt: local(to, offset),
  energyWh: 0,
  isCharging: false,
});

const cost = (tariff: OcpiTariff, periods: ChargingPeriod[], utcOffsetMinutes = CET) =>
  ocpiSessionCost(tariff, { periods, utcOffsetMinutes });

const tariffOf = (elements: TariffElement[], extra: Partial<OcpiTariff> = {}): OcpiTariff => ({
  id: 'T1',
  currency: 'EUR',
  elements,
  ...extra,
});

const component = (
  type: PriceComponent['type'],
  price: number,
  step_size = 1,
  vat?: number,
): PriceComponent =>
  vat === undefined ? { type, price, step_size } : { type, price, vat, step_size };

const flat050 = component('FLAT', 0.5, 1, 20);
const energy025 = component('ENERGY', 0.25, 1, 10);

const lines = (result: ReturnType<typeof ocpiSessionCost>) =>
  result.lines.map(({ type, elementIndex, quantity, amount }) => ({
    type,
    elementIndex,
    quantity,
    exclVat: amount.exclVat,
  }));

describe('ocpiSessionCost: the §11.3.1 examples', () => {
  it('0.25 euro per kWh: 20 kWh cost 5.00 excl. and 5.50 incl. VAT', () => {
    const result = cost(tariffOf([{ price_components: [energy025] }]), [
      charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000),
    ]);
    // 20 kWh × 0.25 = 5.00; × 1.10 = 5.50
    expect(result.total).toEqual({
      exclVat: 5,
      inclVat: 5.5,
      exclVatMinor: 500,
      inclVatMinor: 550,
    });
    expect(lines(result)).toEqual([
      { type: 'ENERGY', elementIndex: 0, quantity: 20_000, exclVat: 5 },
    ]);
    expect(result.priceLimit).toBeNull();
  });

  it('plus a start fee, charged once however many periods', () => {
    const result = cost(tariffOf([{ price_components: [flat050, energy025] }]), [
      charging('2024-01-01T10:00', '2024-01-01T10:30', 12_000),
      charging('2024-01-01T10:30', '2024-01-01T11:00', 8_000),
    ]);
    // 0.50 + 5.00 = 5.50; 0.50 × 1.2 + 5.00 × 1.1 = 0.60 + 5.50 = 6.10
    expect(result.total).toMatchObject({ exclVatMinor: 550, inclVatMinor: 610 });
    expect(result.dimensions.FLAT).toMatchObject({ quantity: 1, billedQuantity: 1 });
    expect(result.dimensions.FLAT.amount).toMatchObject({ exclVat: 0.5, inclVat: 0.6 });
  });

  it('a minimum price lifts a small session only', () => {
    const tariff = tariffOf([{ price_components: [energy025] }], {
      min_price: { excl_vat: 0.5, incl_vat: 0.55 },
    });
    const small = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T10:10', 1_000)]);
    // 1 kWh × 0.25 = 0.25 (0.275 incl.) < 0.50 (0.55 incl.)
    expect(small.subtotal).toMatchObject({ exclVat: 0.25, inclVat: 0.275, inclVatMinor: 28 });
    expect(small.total).toMatchObject({ exclVatMinor: 50, inclVatMinor: 55 });
    expect(small.priceLimit).toBe('MIN_PRICE');
    const usual = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000)]);
    expect(usual.total).toMatchObject({ exclVatMinor: 500, inclVatMinor: 550 });
    expect(usual.priceLimit).toBeNull();
  });

  it('parking billed per 15 minutes: 40 minutes parked are billed as 45', () => {
    const tariff = tariffOf([
      { price_components: [flat050, energy025, component('PARKING_TIME', 2, 900, 20)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000),
      parking('2024-01-01T11:00', '2024-01-01T11:40'),
    ]);
    // 0.50 + 5.00 + 0.75 h × 2.00 = 7.00; 0.60 + 5.50 + 1.50 × 1.2 = 7.90
    expect(result.total).toMatchObject({ exclVatMinor: 700, inclVatMinor: 790 });
    expect(result.dimensions.PARKING_TIME).toMatchObject({ quantity: 2400, billedQuantity: 2700 });
  });

  it('a maximum price caps a long session', () => {
    const tariff = tariffOf([{ price_components: [flat050, energy025] }], {
      max_price: { excl_vat: 10, incl_vat: 11 },
      end_date_time: '2019-06-30T23:59:59Z',
    });
    const long = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T12:00', 50_000)]);
    // 0.50 + 50 × 0.25 = 13.00 > 10; 0.60 + 13.75 = 14.35 > 11
    expect(long.subtotal).toMatchObject({ exclVatMinor: 1300, inclVatMinor: 1435 });
    expect(long.total).toMatchObject({ exclVatMinor: 1000, inclVatMinor: 1100 });
    expect(long.priceLimit).toBe('MAX_PRICE');
    const shorter = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:30', 30_000)]);
    // 0.50 + 7.50 = 8.00; 0.60 + 8.25 = 8.85
    expect(shorter.total).toMatchObject({ exclVatMinor: 800, inclVatMinor: 885 });
  });

  it('2 euro per hour charging, billed per minute', () => {
    const tariff = tariffOf([{ price_components: [component('TIME', 2, 60, 10)] }]);
    const even = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T12:30', 30_000)]);
    // 2.5 h × 2.00 = 5.00; × 1.1 = 5.50
    expect(even.total).toMatchObject({ exclVatMinor: 500, inclVatMinor: 550 });
    const odd = cost(tariff, [
      {
        ...charging('2024-01-01T10:00', '2024-01-01T12:30', 30_000),
        endsAt: local('2024-01-01T12:30:20'),
      },
    ]);
    // 150 min 20 s → 151 min × 2.00 / 60 = 5.033333…; × 1.1 = 5.536666…
    expect(odd.total).toEqual({
      exclVat: 5.033333,
      inclVat: 5.536667,
      exclVatMinor: 503,
      inclVatMinor: 554,
    });
  });

  it('3 euro per hour charging and 5 per hour parking, parking per 5 minutes', () => {
    const tariff = tariffOf([
      { price_components: [component('TIME', 3, 60, 10), component('PARKING_TIME', 5, 300, 20)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T12:30', 30_000),
      parking('2024-01-01T12:30', '2024-01-01T13:12'),
    ]);
    // 2.5 h × 3 = 7.50 and 45 min × 5 / 60 = 3.75 → 11.25; 8.25 + 4.50 = 12.75
    expect(result.total).toMatchObject({ exclVatMinor: 1125, inclVatMinor: 1275 });
  });

  it('1.90 euro per hour with 5.2 % VAT per 5 minutes rounds to 5.00 incl. VAT', () => {
    const tariff = tariffOf([{ price_components: [component('TIME', 1.9, 300, 5.2)] }]);
    const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T12:30', 30_000)]);
    // 2.5 × 1.90 = 4.75; × 1.052 = 4.997 → 5.00
    expect(result.total).toEqual({
      exclVat: 4.75,
      inclVat: 4.997,
      exclVatMinor: 475,
      inclVatMinor: 500,
    });
  });

  it('energy per 0.1 kWh: 20.45 kWh are billed as 20.5', () => {
    const tariff = tariffOf([{ price_components: [flat050, component('ENERGY', 0.25, 100, 10)] }]);
    const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:00', 20_450)]);
    // 0.50 + 20.5 × 0.25 = 0.50 + 5.125 = 5.625 → 5.63; 0.60 + 5.6375 = 6.2375 → 6.24
    expect(result.total).toEqual({
      exclVat: 5.625,
      inclVat: 6.2375,
      exclVatMinor: 563,
      inclVatMinor: 624,
    });
    expect(result.dimensions.ENERGY).toMatchObject({ quantity: 20_450, billedQuantity: 20_500 });
  });

  describe('the complex tariff (current, weekday and time-of-day restrictions)', () => {
    const complex = tariffOf([
      { price_components: [component('FLAT', 2.5, 1, 15)] },
      { price_components: [component('TIME', 1, 900, 20)], restrictions: { max_current: 32 } },
      {
        price_components: [component('TIME', 2, 600, 20)],
        restrictions: {
          min_current: 32,
          day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        },
      },
      {
        price_components: [component('TIME', 1.25, 600, 20)],
        restrictions: { min_current: 32, day_of_week: ['SATURDAY', 'SUNDAY'] },
      },
      {
        price_components: [component('PARKING_TIME', 5, 300, 10)],
        restrictions: {
          start_time: '09:00',
          end_time: '18:00',
          day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        },
      },
      {
        price_components: [component('PARKING_TIME', 6, 300, 10)],
        restrictions: { start_time: '10:00', end_time: '17:00', day_of_week: ['SATURDAY'] },
      },
    ]);

    it('Monday 09:30, 165 minutes at 16 A, 42 minutes parked: 9.00 / 10.30', () => {
      const result = cost(complex, [
        charging('2024-01-01T09:30', '2024-01-01T12:15', 10_000, { currentA: 16 }),
        parking('2024-01-01T12:15', '2024-01-01T12:57'),
      ]);
      // 2.50 + 2.75 h × 1.00 + 45 min × 5 / 60 (3.75) = 9.00
      // 2.875 + 3.30 + 4.125 = 10.30; charging time is not rounded as parking follows
      expect(lines(result)).toEqual([
        { type: 'FLAT', elementIndex: 0, quantity: 1, exclVat: 2.5 },
        { type: 'TIME', elementIndex: 1, quantity: 9900, exclVat: 2.75 },
        { type: 'PARKING_TIME', elementIndex: 4, quantity: 2700, exclVat: 3.75 },
      ]);
      expect(result.total).toMatchObject({ exclVatMinor: 900, inclVatMinor: 1030 });
    });

    it('Saturday 13:30, 114 minutes at 43 A, 71 minutes parked: 12.375 / 13.975', () => {
      const result = cost(complex, [
        charging('2024-01-06T13:30', '2024-01-06T15:24', 30_000, { currentA: 43 }),
        parking('2024-01-06T15:24', '2024-01-06T16:35'),
      ]);
      // 2.50 + 1.9 h × 1.25 (2.375) + 75 min × 6 / 60 (7.50) = 12.375 → 12.38 half up
      // 2.875 + 2.85 + 8.25 = 13.975 → 13.98
      expect(lines(result)).toEqual([
        { type: 'FLAT', elementIndex: 0, quantity: 1, exclVat: 2.5 },
        { type: 'TIME', elementIndex: 3, quantity: 6840, exclVat: 2.375 },
        { type: 'PARKING_TIME', elementIndex: 5, quantity: 4500, exclVat: 7.5 },
      ]);
      expect(result.total).toEqual({
        exclVat: 12.375,
        inclVat: 13.975,
        exclVatMinor: 1238,
        inclVatMinor: 1398,
      });
    });

    it("parking outside the priced hours is free, in the location's local time", () => {
      // 17:00-18:30 local on a Saturday is past 17:00; UTC would still be 16:00-17:30
      const result = cost(complex, [
        charging('2024-01-06T16:00', '2024-01-06T17:00', 10_000, { currentA: 43 }),
        parking('2024-01-06T17:00', '2024-01-06T18:30'),
      ]);
      // 2.50 + 1 h × 1.25 = 3.75
      expect(result.total.exclVatMinor).toBe(375);
      expect(result.dimensions.PARKING_TIME).toMatchObject({ quantity: 5400, billedQuantity: 0 });
    });
  });

  it('a reservation element is not charged for charging time', () => {
    const tariff = tariffOf([
      {
        price_components: [component('TIME', 5, 60, 20)],
        restrictions: { reservation: 'RESERVATION' },
      },
      { price_components: [flat050, energy025] },
    ]);
    const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000)]);
    expect(result.total).toMatchObject({ exclVatMinor: 550, inclVatMinor: 610 });
    expect(result.dimensions.TIME.amount.exclVatMinor).toBe(0);
  });
});

describe('ocpiSessionCost: restrictions (§11.4.6)', () => {
  it('max_power: 1 kWh at 6 kW, 40 kWh at 48 kW, 0.5 kWh at 4 kW cost 20.30', () => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0.2, 1, 20)], restrictions: { max_power: 16 } },
      { price_components: [component('ENERGY', 0.35, 1, 20)], restrictions: { max_power: 32 } },
      { price_components: [component('ENERGY', 0.5, 1, 20)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T10:10', 1_000, { powerKw: 6 }),
      charging('2024-01-01T10:10', '2024-01-01T11:00', 40_000, { powerKw: 48 }),
      {
        ...charging('2024-01-01T11:00', '2024-01-01T11:07', 500, { powerKw: 4 }),
        endsAt: local('2024-01-01T11:07:30'),
      },
    ]);
    // 1.5 kWh × 0.20 = 0.30 and 40 kWh × 0.50 = 20.00 → 20.30; × 1.2 = 24.36
    expect(lines(result)).toEqual([
      { type: 'ENERGY', elementIndex: 0, quantity: 1_500, exclVat: 0.3 },
      { type: 'ENERGY', elementIndex: 2, quantity: 40_000, exclVat: 20 },
    ]);
    expect(result.total).toMatchObject({ exclVatMinor: 2030, inclVatMinor: 2436 });
  });

  it.each([
    // min_power is inclusive, max_power exclusive
    [50, 0.6],
    [49.9, 0.4],
  ])('min_power 50 kW at %d kW: %d per kWh', (powerKw, price) => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0.6)], restrictions: { min_power: 50 } },
      { price_components: [component('ENERGY', 0.4)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T10:30', 10_000, { powerKw }),
    ]);
    // 10 kWh × price
    expect(result.total.exclVat).toBeCloseTo(10 * price, 9);
  });

  it('without a reported power, the average power of the period counts', () => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0.6)], restrictions: { min_power: 50 } },
      { price_components: [component('ENERGY', 0.4)] },
    ]);
    // 25 kWh in 30 minutes is 50 kW → 25 × 0.60 = 15.00
    expect(
      cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T10:30', 25_000)]).total.exclVatMinor,
    ).toBe(1500);
  });

  describe('max_duration: free for 30 minutes, 0.25 until 60 minutes, then 0.40', () => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0, 1, 20)], restrictions: { max_duration: 1800 } },
      {
        price_components: [component('ENERGY', 0.25, 1, 20)],
        restrictions: { max_duration: 3600 },
      },
      { price_components: [component('ENERGY', 0.4, 1, 20)] },
    ]);

    it('the spec figure: 5 kWh in 30 minutes and 1.2 kWh in 10 more cost 0.30', () => {
      const result = cost(tariff, [
        charging('2024-01-01T10:00', '2024-01-01T10:30', 5_000),
        charging('2024-01-01T10:30', '2024-01-01T10:40', 1_200),
      ]);
      // at exactly 30:00 the free element has ended (exclusive): 1.2 × 0.25 = 0.30; × 1.2 = 0.36
      expect(lines(result)).toEqual([
        { type: 'ENERGY', elementIndex: 0, quantity: 5_000, exclVat: 0 },
        { type: 'ENERGY', elementIndex: 1, quantity: 1_200, exclVat: 0.3 },
      ]);
      expect(result.total).toMatchObject({ exclVatMinor: 30, inclVatMinor: 36 });
    });

    it('one even period is cut at 30 and 60 minutes', () => {
      const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:20', 8_000)]);
      // 100 Wh a minute: 3 kWh free, 3 kWh × 0.25 = 0.75, 2 kWh × 0.40 = 0.80 → 1.55; × 1.2 = 1.86
      expect(lines(result)).toEqual([
        { type: 'ENERGY', elementIndex: 0, quantity: 3_000, exclVat: 0 },
        { type: 'ENERGY', elementIndex: 1, quantity: 3_000, exclVat: 0.75 },
        { type: 'ENERGY', elementIndex: 2, quantity: 2_000, exclVat: 0.8 },
      ]);
      expect(result.total).toMatchObject({ exclVatMinor: 155, inclVatMinor: 186 });
    });
  });

  it('first kWh free, then 0.20 per kWh (max_kwh exclusive, min_kwh inclusive)', () => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0)], restrictions: { max_kwh: 1 } },
      { price_components: [component('ENERGY', 0.2)], restrictions: { min_kwh: 1 } },
    ]);
    const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000)]);
    // 19 kWh × 0.20 = 3.80; no VAT given, so none is added
    expect(lines(result)).toEqual([
      { type: 'ENERGY', elementIndex: 0, quantity: 1_000, exclVat: 0 },
      { type: 'ENERGY', elementIndex: 1, quantity: 19_000, exclVat: 3.8 },
    ]);
    expect(result.total).toMatchObject({ exclVatMinor: 380, inclVatMinor: 380 });
  });

  it('min_duration and max_duration count from the start of the session, not of parking', () => {
    // The §11.3.1 "first hour free" parking elements: free until 1 h, 2.00 to 3 h, then 3.00.
    const tariff = tariffOf([
      {
        price_components: [component('PARKING_TIME', 0, 60)],
        restrictions: { min_duration: 0, max_duration: 3600 },
      },
      {
        price_components: [component('PARKING_TIME', 2, 60)],
        restrictions: { min_duration: 3600, max_duration: 10800 },
      },
      {
        price_components: [component('PARKING_TIME', 3, 60)],
        restrictions: { min_duration: 10800 },
      },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T11:00', 20_000),
      parking('2024-01-01T11:00', '2024-01-01T13:45'),
    ]);
    // Parking 1:00-3:00 of the session at 2.00 (4.00) and 3:00-3:45 at 3.00 (2.25) = 6.25.
    // (The spec's 7.30 for this tariff counts the free hour from the start of parking.)
    expect(lines(result)).toEqual([
      { type: 'PARKING_TIME', elementIndex: 1, quantity: 7200, exclVat: 4 },
      { type: 'PARKING_TIME', elementIndex: 2, quantity: 2700, exclVat: 2.25 },
    ]);
  });

  it('a time-of-day window that wraps midnight switches the price mid-session', () => {
    const night = tariffOf([
      {
        price_components: [component('ENERGY', 0.2)],
        restrictions: { start_time: '22:00', end_time: '06:00' },
      },
      { price_components: [component('ENERGY', 0.35)] },
    ]);
    const ALMATY = 300;
    const evening = cost(
      night,
      [charging('2024-01-01T21:00', '2024-01-01T23:00', 22_000, {}, ALMATY)],
      ALMATY,
    );
    // 11 kWh before 22:00 × 0.35 = 3.85, 11 kWh after × 0.20 = 2.20 → 6.05
    expect(lines(evening)).toEqual([
      { type: 'ENERGY', elementIndex: 1, quantity: 11_000, exclVat: 3.85 },
      { type: 'ENERGY', elementIndex: 0, quantity: 11_000, exclVat: 2.2 },
    ]);
    expect(evening.total.exclVatMinor).toBe(605);
    const morning = cost(
      night,
      [charging('2024-01-02T05:00', '2024-01-02T07:00', 22_000, {}, ALMATY)],
      ALMATY,
    );
    // 11 × 0.20 + 11 × 0.35 = 6.05, the night part first
    expect(lines(morning).map((line) => line.elementIndex)).toEqual([0, 1]);
    expect(morning.total.exclVatMinor).toBe(605);
  });

  it('an end_time of 00:00 means the end of the day', () => {
    const tariff = tariffOf([
      {
        price_components: [component('TIME', 2.4, 1)],
        restrictions: { start_time: '20:00', end_time: '00:00' },
      },
      { price_components: [component('TIME', 1.2, 1)] },
    ]);
    const result = cost(tariff, [charging('2024-01-01T19:30', '2024-01-02T00:30', 50_000)]);
    // 30 min × 1.2 + 4 h × 2.4 + 30 min × 1.2 = 0.60 + 9.60 + 0.60 = 10.80
    expect(result.total.exclVatMinor).toBe(1080);
  });

  it('day_of_week follows the local date: Sunday night to Monday morning', () => {
    const MSK = 180;
    const tariff = tariffOf([
      {
        price_components: [component('ENERGY', 0.3)],
        restrictions: { day_of_week: ['SATURDAY', 'SUNDAY'] },
      },
      { price_components: [component('ENERGY', 0.4)] },
    ]);
    const result = cost(
      tariff,
      [charging('2024-01-07T23:00', '2024-01-08T01:00', 20_000, {}, MSK)],
      MSK,
    );
    // 10 kWh on Sunday × 0.30 + 10 kWh on Monday × 0.40 = 3.00 + 4.00 = 7.00
    expect(lines(result)).toEqual([
      { type: 'ENERGY', elementIndex: 0, quantity: 10_000, exclVat: 3 },
      { type: 'ENERGY', elementIndex: 1, quantity: 10_000, exclVat: 4 },
    ]);
  });

  it('start_date is inclusive and end_date exclusive', () => {
    const tariff = tariffOf([
      {
        price_components: [component('ENERGY', 0.1)],
        restrictions: { start_date: '2024-01-01', end_date: '2024-01-02' },
      },
      { price_components: [component('ENERGY', 0.3)] },
    ]);
    const result = cost(tariff, [charging('2024-01-01T23:00', '2024-01-02T01:00', 20_000)]);
    // 10 kWh × 0.10 + 10 kWh × 0.30 = 4.00
    expect(result.total.exclVatMinor).toBe(400);
  });

  it('a flat fee is charged once, by the first element that applies at that moment', () => {
    const tariff = tariffOf([
      { price_components: [component('FLAT', 1)], restrictions: { day_of_week: ['SUNDAY'] } },
      { price_components: [component('FLAT', 2)] },
    ]);
    const result = cost(tariff, [charging('2024-01-07T23:00', '2024-01-08T01:00', 20_000)]);
    expect(lines(result)).toEqual([{ type: 'FLAT', elementIndex: 0, quantity: 1, exclVat: 1 }]);
  });
});

describe('ocpiSessionCost: step_size (§11.4.2, §10.3.1)', () => {
  it.each([
    // 115.2 Wh at 0.25 per kWh
    [1, 0.029], // → 116 Wh
    [25, 0.03125], // → 125 Wh
    [500, 0.125], // → 500 Wh
  ])('step_size %d Wh bills 115.2 Wh as %d euro', (step, euro) => {
    const tariff = tariffOf([{ price_components: [component('ENERGY', 0.25, step)] }]);
    const result = cost(tariff, [charging('2024-01-01T10:00', '2024-01-01T10:01', 115.2)]);
    expect(result.total.exclVat).toBe(euro);
  });

  it('rounds the session energy, not the last period: 4.3 + 1.1 kWh are billed as 5.5', () => {
    const tariff = tariffOf([
      { price_components: [component('ENERGY', 0.2, 500)], restrictions: { end_time: '17:00' } },
      { price_components: [component('ENERGY', 0.27, 500)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T16:00', '2024-01-01T17:00', 4_300),
      charging('2024-01-01T17:00', '2024-01-01T17:30', 1_100),
    ]);
    // 4.3 × 0.20 = 0.86 and (1.1 + 0.1) × 0.27 = 0.324 → 1.184
    expect(lines(result)).toEqual([
      { type: 'ENERGY', elementIndex: 0, quantity: 4_300, exclVat: 0.86 },
      { type: 'ENERGY', elementIndex: 1, quantity: 1_200, exclVat: 0.324 },
    ]);
    expect(result.total.exclVatMinor).toBe(118);
  });

  it('rounds the session charging time: 6 + 22 minutes are billed as 6 + 24', () => {
    const tariff = tariffOf([
      { price_components: [component('TIME', 5, 600)], restrictions: { end_time: '17:00' } },
      { price_components: [component('TIME', 7, 600)] },
    ]);
    const result = cost(tariff, [charging('2024-01-01T16:54', '2024-01-01T17:22', 10_000)]);
    // 6 min × 5 / 60 = 0.50 and 24 min × 7 / 60 = 2.80 → 3.30
    expect(lines(result)).toEqual([
      { type: 'TIME', elementIndex: 0, quantity: 360, exclVat: 0.5 },
      { type: 'TIME', elementIndex: 1, quantity: 1440, exclVat: 2.8 },
    ]);
  });

  it.each([
    // charging minutes, parking minutes, step in seconds, billed parking minutes
    [21, 16, 600, 20],
    [21, 7, 300, 10],
  ])(
    '%d min charging and %d min parking, step %d s: charging as is, parking %d min',
    (charge, park, step, billed) => {
      const tariff = tariffOf([
        { price_components: [component('TIME', 1, step), component('PARKING_TIME', 2, step)] },
      ]);
      const end = `2024-01-01T10:${String(charge).padStart(2, '0')}`;
      const result = cost(tariff, [
        charging('2024-01-01T10:00', end, 5_000),
        parking(end, `2024-01-01T10:${String(charge + park).padStart(2, '0')}`),
      ]);
      expect(result.dimensions.TIME.billedQuantity).toBe(charge * 60);
      expect(result.dimensions.PARKING_TIME.billedQuantity).toBe(billed * 60);
    },
  );

  it('keeps a third of a cent exact until the end: 21 min at 1.00 and 20 min at 2.00 per hour', () => {
    const tariff = tariffOf([
      { price_components: [component('TIME', 1, 600), component('PARKING_TIME', 2, 600)] },
    ]);
    const result = cost(tariff, [
      charging('2024-01-01T10:00', '2024-01-01T10:21', 5_000),
      parking('2024-01-01T10:21', '2024-01-01T10:37'),
    ]);
    // 0.35 + 0.666666… = 1.016666… → 1.02
    expect(result.total).toEqual({
      exclVat: 1.016667,
      inclVat: 1.016667,
      exclVatMinor: 102,
      inclVatMinor: 102,
    });
  });

  describe('switching elements (the §11.4.2 step_size tariff)', () => {
    const tariff = tariffOf([
      {
        price_components: [component('TIME', 1.2, 1800), component('PARKING_TIME', 1, 900)],
        restrictions: { start_time: '00:00', end_time: '17:00' },
      },
      {
        price_components: [component('TIME', 2.4, 900), component('PARKING_TIME', 1, 900)],
        restrictions: { start_time: '17:00', end_time: '20:00' },
      },
      {
        price_components: [component('TIME', 2.4, 900)],
        restrictions: { start_time: '20:00', end_time: '00:00' },
      },
    ]);

    it('16:35 to 17:10 charging: 35 minutes billed as 45 at the price after 17:00', () => {
      const result = cost(tariff, [charging('2024-01-01T16:35', '2024-01-01T17:10', 5_000)]);
      // 25 min × 1.20 / 60 = 0.50 and (10 + 10) min × 2.40 / 60 = 0.80 → 1.30
      expect(lines(result)).toEqual([
        { type: 'TIME', elementIndex: 0, quantity: 1500, exclVat: 0.5 },
        { type: 'TIME', elementIndex: 1, quantity: 1200, exclVat: 0.8 },
      ]);
      expect(result.total.exclVatMinor).toBe(130);
    });

    it('parking free after 20:00: the whole parking time is rounded at the last paid price', () => {
      const result = cost(tariff, [
        charging('2024-01-01T19:40', '2024-01-01T19:52', 2_000),
        parking('2024-01-01T19:52', '2024-01-01T20:12'),
      ]);
      // 12 min × 2.40 / 60 = 0.48; parking 20 min → 30, of which 8 + 10 = 18 min paid at 1.00
      // per hour = 0.30 → 0.78
      expect(lines(result)).toEqual([
        { type: 'TIME', elementIndex: 1, quantity: 720, exclVat: 0.48 },
        { type: 'PARKING_TIME', elementIndex: 1, quantity: 1080, exclVat: 0.3 },
      ]);
      expect(result.total.exclVatMinor).toBe(78);
    });

    it('16:55 charging 10 minutes then 2 parked: parking is rounded on its own', () => {
      const result = cost(tariff, [
        charging('2024-01-01T16:55', '2024-01-01T17:05', 2_000),
        parking('2024-01-01T17:05', '2024-01-01T17:07'),
      ]);
      // 5 min × 1.20 / 60 = 0.10, 5 min × 2.40 / 60 = 0.20, parking 2 → 15 min × 1.00 / 60 =
      // 0.25 → 0.55. (The §11.4.2 example says 0.383, rounding charging and parking together
      // to 15 minutes; §10.3.1 rounds "only ... the total parking duration".)
      expect(lines(result)).toEqual([
        { type: 'TIME', elementIndex: 0, quantity: 300, exclVat: 0.1 },
        { type: 'TIME', elementIndex: 1, quantity: 300, exclVat: 0.2 },
        { type: 'PARKING_TIME', elementIndex: 1, quantity: 900, exclVat: 0.25 },
      ]);
    });
  });
});

describe('ocpiSessionCost: input checks', () => {
  const tariff = tariffOf([{ price_components: [energy025] }]);
  const good = charging('2024-01-01T10:00', '2024-01-01T11:00', 1_000);

  it.each([
    ['no periods', [] as ChargingPeriod[], CET],
    ['negative energy', [{ ...good, energyWh: -1 }], CET],
    ['NaN energy', [{ ...good, energyWh: Number.NaN }], CET],
    ['an end before the start', [{ ...good, endsAt: good.startsAt, startsAt: good.endsAt }], CET],
    ['overlapping periods', [good, { ...good, isCharging: false }], CET],
    ['a fractional offset', [good], 30.5],
  ])('refuses %s', (_, periods, offset) => {
    expect(() => cost(tariff, periods, offset)).toThrow(RangeError);
  });

  it.each([
    ['a lower-case currency', tariffOf([{ price_components: [energy025] }], { currency: 'eur' })],
    ['a negative price', tariffOf([{ price_components: [component('ENERGY', -0.1)] }])],
    ['a fractional step', tariffOf([{ price_components: [component('TIME', 1, 1.5)] }])],
    [
      'a bad time',
      tariffOf([{ price_components: [energy025], restrictions: { start_time: '24:00' } }]),
    ],
    [
      'a bad date',
      tariffOf([{ price_components: [energy025], restrictions: { end_date: '2024-13-01' } }]),
    ],
    [
      'a negative bound',
      tariffOf([{ price_components: [energy025], restrictions: { max_kwh: -1 } }]),
    ],
  ])('refuses a tariff with %s', (_, bad) => {
    expect(() => cost(bad, [good])).toThrow(RangeError);
  });

  it('knows when a tariff is in force', () => {
    const ending = tariffOf([], { end_date_time: '2019-06-30T23:59:59Z' });
    expect(isOcpiTariffActive(ending, new Date('2019-06-30T12:00:00Z'))).toBe(true);
    expect(isOcpiTariffActive(ending, new Date('2019-06-30T23:59:59Z'))).toBe(false);
    const starting = tariffOf([], { start_date_time: '2024-01-01T00:00:00Z' });
    expect(isOcpiTariffActive(starting, new Date('2023-12-31T23:59:59Z'))).toBe(false);
    expect(isOcpiTariffActive(starting, new Date('2024-01-01T00:00:00Z'))).toBe(true);
  });
});

// A small deterministic generator (mulberry32) for the invariants below.
function randomness(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

function randomSession(seed: number) {
  const { next, pick } = randomness(seed);
  const types = ['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'] as const;
  const elements: TariffElement[] = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
    price_components: Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      component(
        pick(types),
        pick([0, 0.05, 0.1234, 0.25, 1.2, 2.5]),
        pick([0, 1, 60, 300, 900, 500]),
        pick([undefined, 0, 5.2, 10, 20]),
      ),
    ),
    restrictions: pick([
      undefined,
      { start_time: '08:00', end_time: '20:00' },
      { start_time: '22:00', end_time: '06:00', day_of_week: ['SATURDAY', 'SUNDAY'] as const },
      { min_kwh: 5, max_kwh: 30 },
      { max_power: 22 },
      { min_duration: 900, max_duration: 5400 },
    ]) as TariffElement['restrictions'],
  }));
  const tariff = tariffOf(
    elements,
    pick([{}, { min_price: { excl_vat: 1 } }, { max_price: { excl_vat: 8, incl_vat: 9 } }]),
  );
  let at = Date.parse('2024-01-05T18:00:00Z') + Math.floor(next() * 86_400_000);
  const periods = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
    const startsAt = new Date(at);
    at += Math.floor(next() * 7_200_000);
    const isCharging = next() < 0.7;
    return {
      startsAt,
      endsAt: new Date(at),
      energyWh: isCharging ? Math.round(next() * 40_000_000) / 1000 : 0,
      isCharging,
    };
  });
  return { tariff, periods, utcOffsetMinutes: pick([-300, 0, 60, 180, 345]) };
}

describe('ocpiSessionCost: invariants over generated sessions', () => {
  it.each(Array.from({ length: 200 }, (_, seed) => seed))('session %d', (seed) => {
    const { tariff, periods, utcOffsetMinutes } = randomSession(seed);
    const result = ocpiSessionCost(tariff, { periods, utcOffsetMinutes });
    expect(result.total.exclVatMinor).toBeGreaterThanOrEqual(0);
    expect(result.total.inclVatMinor).toBeGreaterThanOrEqual(result.total.exclVatMinor);
    expect(result.total.inclVat).toBeGreaterThanOrEqual(result.total.exclVat);
    // Every Wh is counted once, however the periods were cut.
    const energyWh = periods.reduce((sum, p) => sum + p.energyWh, 0);
    expect(result.dimensions.ENERGY.quantity).toBeCloseTo(energyWh, 6);
    for (const type of ['ENERGY', 'TIME', 'PARKING_TIME'] as const) {
      const { quantity, billedQuantity } = result.dimensions[type];
      // step_size adds less than one step to what was measured
      expect(billedQuantity).toBeLessThan(quantity + 1_000);
    }
    if (tariff.max_price) expect(result.total.exclVatMinor).toBeLessThanOrEqual(800);
    if (tariff.min_price) expect(result.total.exclVatMinor).toBeGreaterThanOrEqual(100);
  });
});

describe('ocpiEstimate', () => {
  const simple = tariffOf([
    { price_components: [flat050, energy025, component('PARKING_TIME', 2, 900, 20)] },
  ]);

  it('20 kWh at 50 kW take 24 minutes', () => {
    const startsAt = local('2024-01-01T10:00');
    const estimate = ocpiEstimate(simple, {
      energyWh: 20_000,
      powerKw: 50,
      startsAt,
      utcOffsetMinutes: CET,
    });
    // 0.50 + 20 × 0.25 = 5.50; 0.60 + 5.50 = 6.10
    expect(estimate.total).toMatchObject({ exclVatMinor: 550, inclVatMinor: 610 });
    expect(estimate.chargingEndsAt).toEqual(local('2024-01-01T10:24'));
    expect(estimate.endsAt).toEqual(estimate.chargingEndsAt);
  });

  it('adds the parking minutes after charging', () => {
    const estimate = ocpiEstimate(simple, {
      energyWh: 20_000,
      powerKw: 50,
      startsAt: local('2024-01-01T10:00'),
      utcOffsetMinutes: CET,
      parkingMinutes: 40,
    });
    // 5.50 + 45 min × 2.00 / 60 = 7.00; 6.10 + 1.80 = 7.90
    expect(estimate.total).toMatchObject({ exclVatMinor: 700, inclVatMinor: 790 });
    expect(estimate.endsAt).toEqual(local('2024-01-01T11:04'));
  });

  it('prices charging time at the power given', () => {
    const perHour = tariffOf([{ price_components: [component('TIME', 2, 60)] }]);
    const estimate = ocpiEstimate(perHour, {
      energyWh: 20_000,
      powerKw: 11,
      startsAt: local('2024-01-01T10:00'),
      utcOffsetMinutes: CET,
    });
    // 20 / 11 h = 6545.45 s → 110 whole minutes × 2.00 / 60 = 3.666… → 3.67
    expect(estimate.total.exclVatMinor).toBe(367);
  });

  it('crosses a time-of-day boundary like a real session', () => {
    const night = tariffOf([
      {
        price_components: [component('ENERGY', 0.2)],
        restrictions: { start_time: '22:00', end_time: '06:00' },
      },
      { price_components: [component('ENERGY', 0.35)] },
    ]);
    const estimate = ocpiEstimate(night, {
      energyWh: 22_000,
      powerKw: 11,
      startsAt: local('2024-01-01T21:00'),
      utcOffsetMinutes: CET,
    });
    // 11 × 0.35 + 11 × 0.20 = 6.05
    expect(estimate.total.exclVatMinor).toBe(605);
  });

  it.each([
    ['zero power', { powerKw: 0 }],
    ['negative energy', { energyWh: -1 }],
    ['NaN parking', { parkingMinutes: Number.NaN }],
  ])('refuses %s', (_, change) => {
    const input = {
      energyWh: 1_000,
      powerKw: 11,
      startsAt: local('2024-01-01T10:00'),
      utcOffsetMinutes: CET,
    };
    expect(() => ocpiEstimate(simple, { ...input, ...change })).toThrow(RangeError);
  });
});

describe('roamingPrice', () => {
  it('adds the markup and converts once: 10.00 EUR + 10 % at 98.25 RUB', () => {
    // (1000 + 100) × 98.25 = 108 075 kopecks
    expect(roamingPrice(1000, { markupPercent: 10, rate: '98.25' })).toEqual({
      partnerMinor: 1000,
      markupMinor: 100,
      driverMinor: 108_075,
    });
  });

  it('rounds half up once at the end, not the markup first', () => {
    // markup 333 × 7.5 % = 24.975 → 25 shown; driver 333 × 1.075 × 1.0823 = 387.436… → 387
    expect(roamingPrice(333, { markupPercent: '7.5', rate: '1.0823' })).toEqual({
      partnerMinor: 333,
      markupMinor: 25,
      driverMinor: 387,
    });
    // 1 × 0.5 = 0.5 → 1
    expect(roamingPrice(1, { markupPercent: 0, rate: '0.5' }).driverMinor).toBe(1);
    // 1 × 0.4999999999 → 0
    expect(roamingPrice(1, { markupPercent: 0, rate: '0.4999999999' }).driverMinor).toBe(0);
  });

  it('keeps every decimal of the rate and takes exact ratios', () => {
    // 1000.00 × 98.123456789 = 98 123.456789 → 9 812 345.6789 minor → 9 812 346
    expect(roamingPrice(100_000, { markupPercent: 0, rate: '98.123456789' }).driverMinor).toBe(
      9_812_346,
    );
    // 300 × 1/3 = 100
    expect(
      roamingPrice(300, { markupPercent: 0, rate: { numerator: 1, denominator: 3 } }).driverMinor,
    ).toBe(100);
    expect(
      roamingPrice(300, { markupPercent: 0, rate: { numerator: 1n, denominator: 3n } }).driverMinor,
    ).toBe(100);
  });

  it('converts between currencies with different minor digits', () => {
    // 1000 JPY (no minor units) × 0.0061 = 6.10 EUR = 610 cents
    expect(
      roamingPrice(1000, {
        markupPercent: 0,
        rate: '0.0061',
        partnerMinorDigits: 0,
        driverMinorDigits: 2,
      }).driverMinor,
    ).toBe(610);
  });

  it.each([0, 1, 99, 12_345, 987_654_321])('markup 0 and rate 1 give %d back', (amountMinor) => {
    expect(roamingPrice(amountMinor, { markupPercent: 0, rate: '1' })).toEqual({
      partnerMinor: amountMinor,
      markupMinor: 0,
      driverMinor: amountMinor,
    });
    expect(
      roamingPrice(amountMinor, { markupPercent: '0.0', rate: { numerator: 7, denominator: 7 } })
        .driverMinor,
    ).toBe(amountMinor);
  });

  it.each([
    ['a negative amount', -1, { markupPercent: 0, rate: '1' }],
    ['a NaN amount', Number.NaN, { markupPercent: 0, rate: '1' }],
    ['a fractional amount', 1.5, { markupPercent: 0, rate: '1' }],
    ['a negative markup', 100, { markupPercent: -1, rate: '1' }],
    ['a NaN markup', 100, { markupPercent: Number.NaN, rate: '1' }],
    ['a negative rate', 100, { markupPercent: 0, rate: '-98.25' }],
    ['a zero rate', 100, { markupPercent: 0, rate: '0' }],
    ['a rate with a comma', 100, { markupPercent: 0, rate: '98,25' }],
    ['a rate that is not a number', 100, { markupPercent: 0, rate: 'abc' }],
    ['a zero denominator', 100, { markupPercent: 0, rate: { numerator: 1, denominator: 0 } }],
    ['a fractional numerator', 100, { markupPercent: 0, rate: { numerator: 1.5, denominator: 1 } }],
  ] as const)('refuses %s', (_, amount, input) => {
    expect(() => roamingPrice(amount, input)).toThrow(RangeError);
  });
});

describe('tariffSummary', () => {
  it('describes each element with prices incl. VAT and restrictions as data', () => {
    const summary = tariffSummary(
      tariffOf(
        [
          { price_components: [component('FLAT', 2.5, 1, 15)] },
          {
            price_components: [component('ENERGY', 0.25, 1, 10)],
            restrictions: { max_power: 16, min_kwh: 1 },
          },
          {
            price_components: [component('PARKING_TIME', 6, 300)],
            restrictions: {
              start_time: '10:00',
              end_time: '17:00',
              day_of_week: ['SUNDAY', 'SATURDAY'],
            },
          },
          {
            price_components: [component('TIME', 5, 60, 20)],
            restrictions: { reservation: 'RESERVATION', max_duration: 1800 },
          },
          { price_components: [component('TIME', 1.9, 300, 5.2)], restrictions: {} },
        ],
        {
          min_price: { excl_vat: 0.5, incl_vat: 0.55 },
          tariff_alt_text: [{ language: 'en', text: 'x' }],
        },
      ),
    );
    const none = {
      daysOfWeek: null,
      timeOfDay: null,
      dates: null,
      energyKwh: null,
      powerKw: null,
      currentA: null,
      durationSeconds: null,
      reservation: null,
    };
    expect(summary).toEqual({
      currency: 'EUR',
      minPrice: { excl_vat: 0.5, incl_vat: 0.55 },
      maxPrice: null,
      altText: [{ language: 'en', text: 'x' }],
      elements: [
        {
          // 2.50 × 1.15 = 2.875
          components: [
            {
              type: 'FLAT',
              price: 2.875,
              priceExclVat: 2.5,
              vatPercent: 15,
              isVatIncluded: true,
              unit: 'session',
              stepSize: null,
            },
          ],
          restrictions: null,
        },
        {
          // 0.25 × 1.1 = 0.275
          components: [
            {
              type: 'ENERGY',
              price: 0.275,
              priceExclVat: 0.25,
              vatPercent: 10,
              isVatIncluded: true,
              unit: 'kWh',
              stepSize: 1,
            },
          ],
          restrictions: {
            ...none,
            energyKwh: { min: 1, max: null },
            powerKw: { min: null, max: 16 },
          },
        },
        {
          components: [
            {
              type: 'PARKING_TIME',
              price: 6,
              priceExclVat: 6,
              vatPercent: null,
              isVatIncluded: false,
              unit: 'hour',
              stepSize: 300,
            },
          ],
          restrictions: {
            ...none,
            daysOfWeek: ['SATURDAY', 'SUNDAY'],
            timeOfDay: { from: '10:00', until: '17:00' },
          },
        },
        {
          // 5 × 1.2 = 6
          components: [
            {
              type: 'TIME',
              price: 6,
              priceExclVat: 5,
              vatPercent: 20,
              isVatIncluded: true,
              unit: 'hour',
              stepSize: 60,
            },
          ],
          restrictions: {
            ...none,
            durationSeconds: { min: null, max: 1800 },
            reservation: 'RESERVATION',
          },
        },
        {
          // 1.90 × 1.052 = 1.9988
          components: [
            {
              type: 'TIME',
              price: 1.9988,
              priceExclVat: 1.9,
              vatPercent: 5.2,
              isVatIncluded: true,
              unit: 'hour',
              stepSize: 300,
            },
          ],
          restrictions: null,
        },
      ],
    });
  });
});
