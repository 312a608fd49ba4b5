import { describe, expect, it } from 'vitest';
import { defaultFilter } from './filter';
import { parseKw, powerChoiceOf, radiusChoiceOf, withPowerChoice, withRadiusChoice } from './filter-presets';

describe('filter presets', () => {
  it.each([
    [null, null, 'any'],
    [22, null, '22'],
    [50, null, '50'],
    [150, null, '150'],
    [50, 150, 'custom'],
    [null, 22, 'custom'],
    [60, null, 'custom'],
  ] as const)('min %s max %s is %s', (min, max, choice) => {
    expect(powerChoiceOf({ ...defaultFilter, minPowerKw: min, maxPowerKw: max })).toBe(choice);
  });

  it('a preset sets the minimum and clears the maximum', () => {
    expect(withPowerChoice({ ...defaultFilter, maxPowerKw: 22 }, '50')).toMatchObject({ minPowerKw: 50, maxPowerKw: null });
    expect(withPowerChoice({ ...defaultFilter, minPowerKw: 50 }, 'any')).toMatchObject({ minPowerKw: null, maxPowerKw: null });
  });

  it('maps the distance choices', () => {
    expect(radiusChoiceOf(withRadiusChoice(defaultFilter, '25'))).toBe('25');
    expect(withRadiusChoice(defaultFilter, 'any').radiusKm).toBeNull();
    expect(radiusChoiceOf({ ...defaultFilter, radiusKm: 7 })).toBe('any');
  });

  it.each([
    ['', null],
    [' 50 ', 50],
    ['7,4', 7.4],
    ['1000', 1000],
    ['1001', 'invalid'],
    ['-5', 'invalid'],
    ['fifty', 'invalid'],
    ['5e2', 'invalid'],
  ])('parseKw(%j) = %s', (text, value) => {
    expect(parseKw(text)).toBe(value);
  });
});
