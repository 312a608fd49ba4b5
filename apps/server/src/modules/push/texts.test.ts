import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { localeTexts } from '../../locales/texts';
import { pushText } from './texts';

// Every push text exists in all eight languages with the placeholders of the English one.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('push texts', () => {
  const english = localeTexts('en', 'push').events;

  it.each(languages.filter((language) => language !== 'en'))(
    '%s has every text, translated',
    (language) => {
      const texts = localeTexts(language, 'push').events;
      for (const [key, text] of Object.entries(english)) {
        const other = texts[key as keyof typeof english];
        expect(other.title, `${language} ${key}`).not.toBe(text.title);
        expect(other.body, `${language} ${key}`).not.toBe(text.body);
        expect(placeholders(other.body), `${language} ${key}`).toEqual(placeholders(text.body));
        expect(placeholders(other.title)).toEqual([]);
      }
    },
  );

  it('fills in the station, energy and cost in the driver’s language', () => {
    const data = { stationName: 'MOW-7', energyWh: 12_345, costMinor: 1_851_80, currency: 'rub' };
    expect(pushText('en', 'sessionEnded', data)).toEqual({
      title: 'Charging finished',
      body: 'MOW-7: 12.35 kWh, cost RUB\u00a01,851.80.',
    });
    expect(pushText('ru', 'sessionEnded', data).body).toBe(
      'MOW-7: 12,35 кВт·ч, стоимость 1\u00a0851,80\u00a0₽.',
    );
  });

  it('says when parking starts to cost, or that it costs already', () => {
    const data = { stationName: 'S', parkingPerMinuteMinor: 500, currency: 'rub', freeMinutes: 10 };
    expect(pushText('en', 'parkingStarted', data).body).toBe(
      'S: parking is free for 10 min, then RUB\u00a05.00 a minute.',
    );
    expect(pushText('en', 'parkingStarted', { ...data, freeMinutes: 0 }).body).toBe(
      'S: parking is charged now, RUB\u00a05.00 a minute.',
    );
  });

  it('tells a session closed without StopTransaction by what its meter counted', () => {
    const data = { stationName: 'MOW-7', energyWh: 12_345, costMinor: 1_851_80, currency: 'rub' };
    expect(pushText('en', 'sessionClosedNoStop', data)).toEqual({
      title: 'Session closed',
      body:
        'MOW-7: the charge point stopped reporting, so we closed the session and billed the ' +
        '12.35 kWh its meter counted: RUB\u00a01,851.80.',
    });
  });

  it.each([
    [15_00, 'We charged RUB\u00a015.00 more.'],
    [-15_00, 'We returned RUB\u00a015.00 to your balance.'],
  ])('tells a bill corrected by %i which way the money went', (differenceMinor, ending) => {
    const data = {
      stationName: 'MOW-7',
      energyWh: 13_000,
      costMinor: 1_950_00,
      differenceMinor,
      currency: 'rub',
    };
    expect(pushText('en', 'sessionAdjusted', data)).toEqual({
      title: 'Bill corrected',
      body: `MOW-7: the meter's final reading came in: 13 kWh, RUB\u00a01,950.00 in all. ${ending}`,
    });
  });

  it('says the corrected amount without a sign in every language', () => {
    const data = { energyWh: 1_000, costMinor: 100_00, differenceMinor: -7_50, currency: 'rub' };
    for (const language of languages) {
      const { body } = pushText(language, 'sessionAdjusted', data);
      expect(body, language).not.toMatch(/[-−]\s*7/);
      expect(body, language).toMatch(/7[.,]50/);
    }
    expect(pushText('ru', 'sessionAdjusted', data).body).toBe(
      'Станция: пришли итоговые показания счётчика: 1 кВт·ч, всего 100,00\u00a0₽. ' +
        'Мы вернули 7,50\u00a0₽ на ваш баланс.',
    );
  });

  it('names the station generically when the event has no name', () => {
    expect(pushText('kz', 'favouriteFree', {}).body).toBe('Станция: коннектор босады.');
  });
});
