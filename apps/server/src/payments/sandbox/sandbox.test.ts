import { describe, expect, it } from 'vitest';
import { isLuhnValid } from '@evcharge/domain/payments';
import { outcomeOf, parseExpiry } from './pages';
import { pageLanguageOf, pageLanguages, pageTexts } from './page-texts';
import { brandOf, cardOf, declineCardNumber, testCards } from './test-cards';

describe('test cards', () => {
  it('has one valid number per ACQ code, each standing for its code', () => {
    for (let code = 1; code <= 23; code++) {
      const number = declineCardNumber(code);
      expect(isLuhnValid(number)).toBe(true);
      expect(number.slice(4, 6)).toBe(String(code).padStart(2, '0'));
      expect(cardOf(number)?.behaviour).toBe(`ACQ${code}`);
    }
    expect(new Set(testCards.map((card) => card.number)).size).toBe(testCards.length);
    expect(testCards.every((card) => isLuhnValid(card.number))).toBe(true);
  });

  it('reads numbers with spaces, refuses a wrong check digit, and lets other valid cards pay', () => {
    expect(cardOf('4242 4242 4242 4242')).toMatchObject({ brand: 'visa', behaviour: 'ok' });
    expect(cardOf('4242 4242 4242 4241')).toBeUndefined();
    expect(cardOf('12')).toBeUndefined();
    expect(cardOf('5105105105105100')).toMatchObject({ brand: 'mastercard', behaviour: 'ok' });
  });

  it('names the scheme by the first digits', () => {
    expect(brandOf('4111111111111111')).toBe('visa');
    expect(brandOf('2221000000000009')).toBe('mastercard');
    expect(brandOf('2200000000000004')).toBe('mir');
    expect(brandOf('378282246310005')).toBe('amex');
  });

  it('declines after 3-D Secure with the code of the number, and passes working cards', () => {
    expect(outcomeOf('ACQ4')).toBe('ACQ4');
    expect(outcomeOf('ok')).toBeNull();
    expect(outcomeOf('later:ACQ1')).toBeNull();
    expect(outcomeOf('blocked')).toBeNull();
  });
});

describe('the card page', () => {
  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('00/30')).toBeUndefined();
    expect(parseExpiry('1230')).toBeUndefined();
  });

  it('speaks all eight languages with the same words, and picks one', () => {
    const keys = Object.keys(pageTexts.en).sort();
    for (const language of pageLanguages) {
      expect(Object.keys(pageTexts[language]).sort()).toEqual(keys);
      if (language !== 'en')
        expect(pageTexts[language].cardNumber).not.toBe(pageTexts.en.cardNumber);
    }
    expect(pageLanguageOf('ru', 'en-GB')).toBe('ru');
    expect(pageLanguageOf(undefined, 'kk-KZ,ru;q=0.8')).toBe('kz');
    expect(pageLanguageOf('xx', 'de-DE')).toBe('en');
  });
});
