import { describe, expect, it } from 'vitest';
import {
  minuteOfDay,
  nextZoneChangeSecond,
  splitByZone,
  tariffZoneSchema,
  zoneIndexAtSecond,
  type TariffZone,
} from './tariff-zone';

const prices = { perKwhMinor: 0, perMinuteMinor: 0, parkingPerMinuteMinor: 0 };
const zone = (from: string, to: string): TariffZone => ({ from, to, ...prices });

/** Epoch seconds of a UTC wall-clock time "YYYY-MM-DDTHH:MM". */
const utc = (isoMinute: string) => Date.parse(`${isoMinute}:00Z`) / 1000;

describe('minuteOfDay', () => {
  it.each([
    ['00:00', 0],
    ['07:30', 450],
    ['23:59', 1439],
    ['24:00', 1440],
  ])('%s -> %d', (time, expected) => {
    expect(minuteOfDay(time)).toBe(expected);
  });

  it.each(['24:01', '7:30', '12:60', '25:00', ''])('%j is refused', (time) => {
    expect(() => minuteOfDay(time)).toThrow(RangeError);
    expect(tariffZoneSchema.safeParse(zone(time, '10:00')).success).toBe(false);
  });
});

describe('zoneIndexAtSecond', () => {
  const zones = [zone('23:00', '07:00'), zone('07:00', '09:00'), zone('08:00', '22:00')];
  it.each([
    ['2024-01-01T22:59', null],
    ['2024-01-01T23:00', 0],
    ['2024-01-02T00:00', 0], // crosses midnight
    ['2024-01-02T06:59', 0],
    ['2024-01-02T07:00', 1],
    ['2024-01-02T08:30', 1], // overlaps zone 2: the first in the list wins
    ['2024-01-02T09:00', 2],
    ['2024-01-02T21:59', 2],
    ['2024-01-02T22:00', null],
  ])('at %s UTC+0 the zone is %s', (time, expected) => {
    expect(zoneIndexAtSecond(zones, utc(time), 0)).toBe(expected);
  });

  it('reads the clock in the station time zone', () => {
    // 20:30 UTC is 23:30 in Moscow (UTC+3) but 01:30 next day in Tashkent (UTC+5).
    expect(zoneIndexAtSecond([zone('23:00', '24:00')], utc('2024-01-01T20:30'), 180)).toBe(0);
    expect(zoneIndexAtSecond([zone('23:00', '24:00')], utc('2024-01-01T20:30'), 300)).toBeNull();
    // A negative offset: 02:00 UTC is 23:00 the day before at UTC-3.
    expect(zoneIndexAtSecond([zone('23:00', '24:00')], utc('2024-01-01T02:00'), -180)).toBe(0);
  });

  it('treats from = to as the whole day', () => {
    expect(zoneIndexAtSecond([zone('06:00', '06:00')], utc('2024-01-01T05:59'), 0)).toBe(0);
  });
});

describe('nextZoneChangeSecond', () => {
  const night = [zone('23:00', '07:00')];
  it.each([
    ['2024-01-01T12:00', 0, '2024-01-01T23:00'],
    ['2024-01-01T23:00', 0, '2024-01-02T07:00'], // strictly after: at the edge, the next edge
    ['2024-01-01T23:30', 0, '2024-01-02T07:00'],
    ['2024-01-01T12:00', 180, '2024-01-01T20:00'], // 23:00 in UTC+3
    ['2024-01-01T21:00', 180, '2024-01-02T04:00'], // 00:00 local: the zone ends at 07:00
    ['2024-01-01T12:00', -300, '2024-01-02T04:00'], // 23:00 in UTC-5
  ])('from %s at offset %d -> %s', (from, offset, expected) => {
    expect(nextZoneChangeSecond(night, utc(from), offset)).toBe(utc(expected));
  });

  it('skips edges where the zone in force stays the same', () => {
    // 07:00-12:00 and 10:00-14:00 overlap: at 10:00 zone 0 is still in force.
    const zones = [zone('07:00', '12:00'), zone('10:00', '14:00')];
    expect(nextZoneChangeSecond(zones, utc('2024-01-01T08:00'), 0)).toBe(utc('2024-01-01T12:00'));
  });

  it.each([
    ['no zones', []],
    ['one whole-day zone', [zone('00:00', '24:00')]],
  ])('is undefined with %s', (_, zones) => {
    expect(nextZoneChangeSecond(zones, utc('2024-01-01T08:00'), 0)).toBeUndefined();
  });
});

describe('splitByZone', () => {
  it('cuts a span at every zone edge', () => {
    const zones = [zone('23:00', '07:00')];
    expect(splitByZone(zones, utc('2024-01-01T22:00'), utc('2024-01-02T08:00'), 0)).toEqual([
      { zone: null, fromSecond: utc('2024-01-01T22:00'), toSecond: utc('2024-01-01T23:00') },
      { zone: 0, fromSecond: utc('2024-01-01T23:00'), toSecond: utc('2024-01-02T07:00') },
      { zone: null, fromSecond: utc('2024-01-02T07:00'), toSecond: utc('2024-01-02T08:00') },
    ]);
  });

  it('gives nothing for an empty span', () => {
    expect(splitByZone([], 100, 100, 0)).toEqual([]);
  });
});
