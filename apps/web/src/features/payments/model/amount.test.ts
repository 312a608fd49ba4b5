import { describe, expect, it } from 'vitest';
import { amountInputSchema, decimalToMinor, formatShortMoney, minorToInput, overMaximum, quickAmountsMinor } from './amount';

describe('decimalToMinor', () => {
  it.each([
    ['1250', 2, 125_000],
    ['1250,5', 2, 125_050],
    ['0.29', 2, 29],
    [' 12.05 ', 2, 1_205],
    ['12.345', 2, null],
    ['12.5', 0, null],
    ['abc', 2, null],
  ])('%s with %i minor digits → %s', (text, digits, minor) => {
    expect(decimalToMinor(text, digits)).toBe(minor);
  });
});

describe('amountInputSchema', () => {
  const schema = amountInputSchema('rub', 5_000_000);
  it.each([
    ['1000', 100_000, undefined],
    ['50000', 5_000_000, undefined],
    ['', undefined, 'required'],
    ['0', undefined, 'amount'],
    ['-5', undefined, 'amount'],
    ['1,999', undefined, 'amount'],
    ['50000.01', undefined, overMaximum],
  ])('%j → %s %s', (text, minor, rule) => {
    const result = schema.safeParse(text);
    expect(result.data).toBe(minor);
    expect(result.error?.issues[0]?.message).toBe(rule);
  });

  it('has no maximum when none is given', () => {
    expect(amountInputSchema('rub', null).safeParse('9999999').data).toBe(999_999_900);
  });
});

describe('amounts shown', () => {
  it('writes the field without trailing zeros', () => {
    expect(minorToInput(50_000, 'rub')).toBe('500');
    expect(minorToInput(125_050, 'rub')).toBe('1250.50');
  });

  it('offers only the quick amounts under the maximum', () => {
    expect(quickAmountsMinor('rub', 150_000)).toEqual([50_000, 100_000]);
  });

  it('writes round sums without decimals', () => {
    expect(formatShortMoney(100_000, 'rub', 'en')).toBe('₽1,000');
    expect(formatShortMoney(100_050, 'usd', 'en')).toBe('$1,000.50');
  });
});
