import { describe, expect, it } from 'vitest';
import { formatRate } from './exchange-rate';

describe('formatRate (the brand rate a wallet pays a foreign price at)', () => {
  it('reads as roubles for one dollar, in the reader language', () => {
    expect(formatRate('91.2', 'usd', 'rub', 'en')).toBe('₽91.20/$');
    expect(formatRate('93', 'usd', 'rub', 'ru').replace(/\s/g, ' ')).toBe('93,00 ₽/$');
  });

  it('keeps every decimal of the rate', () => {
    expect(formatRate('0.926', 'usd', 'eur', 'en')).toBe('€0.926/$');
    expect(formatRate('98.5', 'eur', 'rub', 'en')).toBe('₽98.50/€');
  });
});
