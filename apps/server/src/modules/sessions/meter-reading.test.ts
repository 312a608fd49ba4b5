import { describe, expect, it } from 'vitest';
import { readMeterValue } from './meter-reading';

const at = '2026-01-01T08:00:00.000Z';

describe('readMeterValue', () => {
  it('reads energy, power and SoC in our units', () => {
    expect(
      readMeterValue({
        timestamp: at,
        sampledValue: [
          { value: '1234.9', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
          { value: '11.5', measurand: 'Power.Active.Import', unit: 'kW' },
          { value: '42.4', measurand: 'SoC', unit: 'Percent' },
        ],
      }),
    ).toEqual({ at: new Date(at), registerWh: 1234, powerW: 11_500, socPercent: 42 });
  });

  it.each([
    ['no measurand means the energy register', [{ value: '500' }], { registerWh: 500 }],
    ['kWh becomes whole Wh', [{ value: '1.2345', unit: 'kWh' as const }], { registerWh: 1234 }],
    [
      'phases add up when there is no total',
      [
        { value: '3000', measurand: 'Power.Active.Import' as const, phase: 'L1' as const },
        { value: '3100', measurand: 'Power.Active.Import' as const, phase: 'L2' as const },
        { value: '3200', measurand: 'Power.Active.Import' as const, phase: 'L3' as const },
      ],
      { powerW: 9300 },
    ],
    [
      'signed data and garbage are skipped',
      [{ value: 'abc' }, { value: '9', format: 'SignedData' as const }],
      {},
    ],
    ['a SoC above 100 is not a SoC', [{ value: '140', measurand: 'SoC' as const }], {}],
    ['a negative register is not a register', [{ value: '-5' }], {}],
    ['NaN is not a register', [{ value: 'NaN' }], {}],
    [
      'a register past 2^53 Wh is held at the largest whole number',
      [{ value: '1e300' }],
      { registerWh: Number.MAX_SAFE_INTEGER },
    ],
  ])('%s', (_, sampledValue, expected) => {
    expect(readMeterValue({ timestamp: at, sampledValue })).toEqual({
      at: new Date(at),
      ...expected,
    });
  });
});
