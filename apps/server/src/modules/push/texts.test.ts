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

  it('names the station generically when the event has no name', () => {
    expect(pushText('kz', 'favouriteFree', {}).body).toBe('Станция: коннектор босады.');
  });
});
