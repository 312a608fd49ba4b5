import { describe, expect, it } from 'vitest';
import type { TariffZone } from './tariff-zone';
import { energyByZone, secondsByZone, type MeterReading } from './zone-usage';

const night: TariffZone[] = [
  { from: '23:00', to: '07:00', perKwhMinor: 0, perMinuteMinor: 0, parkingPerMinuteMinor: 0 },
];
const at = (time: string) => new Date(`2024-01-01T${time}Z`);
const reading = (time: string, energyWh: number): MeterReading => ({ at: at(time), energyWh });

describe('energyByZone', () => {
  it.each<[string, MeterReading[], [number | null, number][]]>([
    [
      'a reading at the edge',
      [reading('22:00:00', 0), reading('23:00:00', 7000), reading('23:30:00', 9000)],
      [
        [null, 7000],
        [0, 2000],
      ],
    ],
    [
      'energy spread by time',
      [reading('22:40:00', 100), reading('23:30:00', 5100)],
      [
        [null, 2000],
        [0, 3000],
      ],
    ],
    // 1000 Wh over 3 minutes, 1 before 23:00 and 2 after: 333.3 and 666.7; the spare Wh goes
    // to the larger remainder, so the zones add up to the meter.
    [
      'whole Wh by largest remainder',
      [reading('22:59:00', 0), reading('23:02:00', 1000)],
      [
        [null, 333],
        [0, 667],
      ],
    ],
    [
      'readings given out of order',
      [reading('23:30:00', 9000), reading('22:00:00', 0), reading('23:00:00', 7000)],
      [
        [null, 7000],
        [0, 2000],
      ],
    ],
    ['two readings at one instant', [reading('23:10:00', 0), reading('23:10:00', 50)], [[0, 50]]],
    ['a flat meter', [reading('22:00:00', 40), reading('23:30:00', 40)], []],
    ['a single reading', [reading('22:00:00', 40)], []],
  ])('%s', (_, readings, expected) => {
    expect([...energyByZone(night, readings, 0)]).toEqual(expected);
  });

  it.each([
    ['a decreasing meter', [reading('22:00:00', 10), reading('22:30:00', 5)]],
    ['fractional Wh', [reading('22:00:00', 0), reading('22:30:00', 5.5)]],
  ])('refuses %s', (_, readings) => {
    expect(() => energyByZone(night, readings, 0)).toThrow(RangeError);
  });
});

describe('secondsByZone', () => {
  it('adds up seconds per zone across days', () => {
    const seconds = secondsByZone(
      night,
      at('22:00:00').getTime() / 1000,
      at('22:00:00').getTime() / 1000 + 86_400,
      0,
    );
    expect([...seconds]).toEqual([
      [null, 16 * 3600],
      [0, 8 * 3600],
    ]);
  });
});
