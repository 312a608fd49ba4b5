import { describe, expect, it } from 'vitest';
import type { LimitMode } from '@evcharge/domain/validation';
import { checkLimit, typedFromLimitValue } from './limit-form';

describe('checkLimit (SPEC §4 limit modes, §5 a value is required with a limit type)', () => {
  it.each<[LimitMode, string]>([
    ['none', ''],
    ['full', 'anything'],
  ])('%s needs no value and sends none', (mode, text) => {
    expect(checkLimit({ mode, text }, 'rub')).toEqual({ isValid: true, limit: { mode, value: null } });
  });

  it.each<[LimitMode, string, string]>([
    ['cost', '', 'limitValueRequired'],
    ['time', '   ', 'limitValueRequired'],
    ['energy', '', 'limitValueRequired'],
    ['cost', 'abc', 'number'],
    ['time', '-5', 'number'],
    ['energy', '1.2.3', 'number'],
    ['cost', '12.345', 'amount'],
    ['cost', '0', 'amount'],
    ['time', '0.2', 'amount'],
    ['energy', '0.0004', 'invalid'],
    ['energy', '100001', 'invalid'],
  ])('%s %j breaks validation:%s', (mode, text, rule) => {
    expect(checkLimit({ mode, text }, 'rub')).toEqual({ isValid: false, rule });
  });

  // The API's units: cost in minor units, time in minutes, energy in Wh (domain limitUnits).
  it.each<[LimitMode, string, number]>([
    ['cost', '500', 50_000],
    ['cost', '12,35', 1235],
    ['cost', '1 000.5', 100_050],
    ['cost', '0.01', 1],
    ['time', '90', 90],
    ['time', '45.6', 46],
    ['energy', '20', 20_000],
    ['energy', '12,5', 12_500],
    ['energy', '0.001', 1],
  ])('%s %j is sent as %i', (mode, text, value) => {
    expect(checkLimit({ mode, text }, 'rub')).toEqual({ isValid: true, limit: { mode, value } });
  });

  it.each([
    ['cost', 50_000, '500'],
    ['cost', 1235, '12.35'],
    ['cost', 105, '1.05'],
    ['time', 90, '90'],
    ['energy', 12_500, '12.5'],
  ] as const)('%s %i reads back as %j', (mode, value, text) => {
    expect(typedFromLimitValue(mode, value, 'rub')).toBe(text);
    expect(checkLimit({ mode, text }, 'rub')).toEqual({ isValid: true, limit: { mode, value } });
  });
});
