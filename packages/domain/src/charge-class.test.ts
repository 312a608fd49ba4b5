import { describe, expect, it } from 'vitest';
import { chargeClass, isFastCharge, isSlowCharge } from './charge-class';
import type { CurrentType } from './socket-type';

describe('chargeClass (SPEC §9: fast is DC above 30 kW, slow is AC up to 22 kW)', () => {
  it.each<[CurrentType, number, string]>([
    ['DC', 50, 'fast'],
    ['DC', 30.1, 'fast'],
    ['DC', 350, 'fast'],
    ['DC', 30, 'normal'], // "above 30": 30 kW itself is not fast
    ['DC', 20, 'normal'], // DC wallbox: the spec calls it neither
    ['AC', 3.7, 'slow'],
    ['AC', 22, 'slow'], // "up to 22": inclusive
    ['AC', 22.1, 'normal'],
    ['AC', 43, 'normal'], // AC above 22 kW: neither fast nor slow
  ])('%s %d kW is %s', (currentType, powerKw, expected) => {
    const connector = { currentType, powerKw };
    expect(chargeClass(connector)).toBe(expected);
    expect(isFastCharge(connector)).toBe(expected === 'fast');
    expect(isSlowCharge(connector)).toBe(expected === 'slow');
  });
});
