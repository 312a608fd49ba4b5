import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatUtcOffset, formatWallTime, minorToDecimal } from './format';
import { languages } from '@evcharge/domain/constants';
import { toBcp47 } from './i18n';

describe('format', () => {
  it.each([
    [12345, 2, '123.45'],
    [5, 2, '0.05'],
    [-250, 2, '-2.50'],
    [700, 0, '700'],
  ])('minorToDecimal(%i, %i) = %s', (minor, digits, text) => {
    expect(minorToDecimal(minor, digits)).toBe(text);
  });

  it('formats money through Intl without floating point', () => {
    expect(formatMoney(150_050, 'usd', 'en')).toBe('$1,500.50');
    expect(formatMoney(150_050, 'rub', 'en')).toBe('₽1,500.50');
    expect(formatMoney(99, 'eur', 'en')).toBe('€0.99');
  });

  it('maps our kz to BCP-47 kk', () => {
    expect(toBcp47('kz')).toBe('kk');
    expect(toBcp47('ru')).toBe('ru');
  });

  it('formats support hours', () => {
    expect(formatWallTime('09:00', 'ru')).toBe('9:00');
    expect(formatWallTime('21:00', 'en')).toBe('9:00 PM');
    expect(formatUtcOffset(120)).toBe('UTC+2');
    expect(formatUtcOffset(-210)).toBe('UTC−3:30');
  });

  it.each([...languages])('writes a cluster count as Intl compact notation does (%s)', (language) => {
    const compact = new Intl.NumberFormat(toBcp47(language), { notation: 'compact' });
    for (const count of [0, 1, 7, 42, 999, 1000, 1234, 56_789, 100_000]) {
      expect(formatCount(count, language)).toBe(compact.format(count));
    }
  });
});
