import { describe, expect, it } from 'vitest';
import { carFormSchema } from './car-form';

const valid = { name: 'My Leaf', catalogueId: '', vin: '', socPercent: '', batteryTemperatureC: '', rangeKm: '' };

function ruleOf(patch: Partial<typeof valid>, field: keyof typeof valid) {
  const result = carFormSchema.safeParse({ ...valid, ...patch });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('car form rules (the contract body, typed as text)', () => {
  it('turns empty fields into unknowns and numbers typed with a comma into numbers', () => {
    expect(carFormSchema.parse({ ...valid, vin: ' wvwzzz1jzxw000001 ', socPercent: '80', batteryTemperatureC: '-5', rangeKm: '312' })).toEqual({
      name: 'My Leaf', catalogueId: null, vin: 'WVWZZZ1JZXW000001', socPercent: 80, batteryTemperatureC: -5, rangeKm: 312,
    });
    expect(carFormSchema.parse(valid)).toMatchObject({ vin: null, socPercent: null, rangeKm: null });
  });

  it.each([
    ['vin', { vin: 'WVWZZZ1JZXW00000' }, 'vin'],
    ['vin', { vin: 'WVWZZZ1JZXW00000O' }, 'vin'],
    ['name', { name: '  ' }, 'required'],
    ['name', { name: '123' }, 'letters'],
    ['socPercent', { socPercent: '101' }, 'invalid'],
    ['socPercent', { socPercent: '12,5' }, 'number'],
    ['rangeKm', { rangeKm: 'far' }, 'number'],
    ['batteryTemperatureC', { batteryTemperatureC: '-61' }, 'invalid'],
  ] as const)('%s %j breaks the rule %s', (field, patch, rule) => {
    expect(ruleOf(patch, field)).toBe(rule);
  });
});
