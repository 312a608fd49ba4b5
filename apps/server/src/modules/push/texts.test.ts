import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { RESERVATION_REMINDER_MINUTES } from '@evcharge/domain/reservation';
import { localeTexts } from '../../locales/texts';
import { localClock, pushText } from './texts';

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

  it('shows the first words of support’s answer', () => {
    const text = 'Your session is fine. '.repeat(10);
    const pushed = pushText('en', 'supportAnswered', { text });
    expect(pushed.title).toBe('Support answered');
    expect(pushed.body).toBe(`“${text.slice(0, 120)}” Open the chat to reply.`);
    expect(pushText('ru', 'supportAnswered', { text: 'Всё в порядке.' }).body).toBe(
      '«Всё в порядке.» Откройте чат, чтобы ответить.',
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

describe('reservation push texts (SPEC §4 reservation)', () => {
  const reservationTypes = [
    'reservationBegan',
    'reservationEnding',
    'reservationExpired',
    'reservationFailed',
  ] as const;
  const failReasons = ['Occupied', 'Faulted', 'Unavailable', 'Rejected', 'offline', 'timeout'];
  // 09:00–10:30 UTC at a station five hours east: 14:00–15:30 on its clock.
  const data = {
    reservationId: 'r-1',
    stationName: 'MOW-7',
    connectorNumber: 2,
    startsAt: '2026-05-01T09:00:00.000Z',
    endsAt: '2026-05-01T10:30:00.000Z',
    utcOffsetMinutes: 300,
    costMinor: 150_00,
    currency: 'rub',
    failReason: 'Occupied',
  };

  it('says each in English with the connector, the station, its local times and the cost', () => {
    expect(pushText('en', 'reservationBegan', data)).toEqual({
      title: 'Your reservation has begun',
      body: 'Connector 2 at MOW-7 is held for you until 15:30.',
    });
    expect(pushText('en', 'reservationEnding', data)).toEqual({
      title: `Your reservation ends in ${RESERVATION_REMINDER_MINUTES} minutes`,
      body: 'Connector 2 at MOW-7: start charging before 15:30 or the connector is released.',
    });
    expect(pushText('en', 'reservationExpired', data)).toEqual({
      title: 'Your reservation has expired',
      body: 'Connector 2 at MOW-7, 14:00–15:30, was not used. Charged: RUB\u00a0150.00.',
    });
    expect(pushText('en', 'reservationFailed', data)).toEqual({
      title: 'The station could not hold your reservation',
      body: 'Connector 2 at MOW-7, 14:00–15:30. The connector was occupied. Nothing was charged.',
    });
  });

  it.each(languages)('%s says each, filled in, in its own words', (language) => {
    for (const type of reservationTypes) {
      const { title, body } = pushText(language, type, data);
      expect(title.trim(), `${language} ${type}`).not.toBe('');
      expect(body, `${language} ${type}`).not.toMatch(/\{\{|\}\}/);
      expect(body, `${language} ${type}`).toContain('MOW-7');
      expect(body, `${language} ${type}`).toContain('2');
      if (type !== 'reservationFailed') expect(body, `${language} ${type}`).toContain('15:30');
      if (language !== 'en') {
        const english = pushText('en', type, data);
        expect(title, `${language} ${type}`).not.toBe(english.title);
        expect(body, `${language} ${type}`).not.toBe(english.body);
      }
    }
    // The reminder's title names the minutes it comes before the end.
    expect(pushText(language, 'reservationEnding', data).title).toContain(
      String(RESERVATION_REMINDER_MINUTES),
    );
    expect(pushText(language, 'reservationExpired', data).body).toMatch(/150[.,]00/);
    expect(pushText(language, 'reservationExpired', data).body).toContain('14:00');
  });

  it.each(languages)('%s gives every failure its own reason sentence', (language) => {
    const reasons = localeTexts(language, 'push').reservationFailReasons;
    const english = localeTexts('en', 'push').reservationFailReasons;
    const sentences = failReasons.map((failReason) => {
      const sentence = reasons[failReason as keyof typeof reasons];
      expect(sentence.trim(), `${language} ${failReason}`).not.toBe('');
      if (language !== 'en') {
        expect(sentence, `${language} ${failReason}`).not.toBe(
          english[failReason as keyof typeof english],
        );
      }
      expect(pushText(language, 'reservationFailed', { ...data, failReason }).body).toContain(
        sentence,
      );
      return sentence;
    });
    expect(new Set(sentences).size).toBe(failReasons.length);
    // A reason the texts do not know is told in general words.
    expect(
      pushText(language, 'reservationFailed', { ...data, failReason: 'SomethingElse' }).body,
    ).toContain(reasons.other);
  });

  it('says the same in Russian', () => {
    expect(pushText('ru', 'reservationFailed', { ...data, failReason: 'timeout' })).toEqual({
      title: 'Станция не смогла удержать бронирование',
      body: 'Разъём 2 на станции MOW-7, 14:00–15:30. Станция не ответила. Ничего не списано.',
    });
  });
});

describe('localClock', () => {
  it.each([
    ['2026-05-01T09:00:00.000Z', 300, '14:00'],
    ['2026-05-01T09:05:00.000Z', 0, '09:05'],
    ['2026-05-01T09:00:00.000Z', -210, '05:30'],
    ['2026-05-01T22:30:00.000Z', 180, '01:30'],
    ['2026-05-01T01:15:00.000Z', -300, '20:15'],
    ['2026-05-01T09:00:00.000Z', 345, '14:45'],
  ])('%s at UTC%+i minutes is %s on the station’s clock', (iso, offset, clock) => {
    expect(localClock(iso, offset)).toBe(clock);
  });

  it('reads no offset as UTC and no instant as nothing', () => {
    expect(localClock('2026-05-01T09:00:00.000Z', null)).toBe('09:00');
    expect(localClock(null, 180)).toBe('');
    expect(localClock('not a time', 180)).toBe('');
  });
});
