import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from './api';
import { durationText, energyText, errorText, isLate, minutesSince, moneyText } from './format';

describe('console formats', () => {
  it('writes money from minor units with its currency, in the reader’s language', () => {
    expect(moneyText(125_050, 'rub', 'ru')).toBe('1\u00a0250,50\u00a0₽');
    expect(moneyText(125_050, 'RUB', 'en')).toBe('RUB\u00a01,250.50');
    expect(moneyText(-4_500, 'eur', 'en')).toBe('-€45.00');
  });

  it('writes energy in kWh with two decimals in the reader’s number format', () => {
    expect(energyText(i18n.t, 630, 'en')).toBe('0.63 kWh');
    expect(energyText(i18n.t, 1_234_500, 'en')).toBe('1,234.50 kWh');
    // The unit is the English text's here; the number is Russian: a decimal comma.
    expect(energyText(i18n.t, 630, 'ru')).toBe('0,63 kWh');
  });

  it('counts waiting minutes and calls 30 of them late (SPEC §1)', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(minutesSince('2026-01-01T11:47:30Z', now)).toBe(12);
    expect(isLate(29)).toBe(false);
    expect(isLate(30)).toBe(true);
    expect(durationText(i18n.t, 12)).toBe('12 min');
    expect(durationText(i18n.t, 75)).toBe('1 h 15 min');
  });

  it('translates error codes, and anything else as an unknown failure', () => {
    expect(
      errorText(i18n.t, new ApiError(429, 'TOO_MANY_REQUESTS', 'x', { retryAfterSeconds: 4.2 })),
    ).toBe('Too many requests. Please wait a moment. Try again in 5 s.');
    expect(errorText(i18n.t, new ApiError(0, 'NETWORK', 'x'))).toBe(
      'No connection to the server. Check your internet connection and try again.',
    );
    expect(errorText(i18n.t, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
