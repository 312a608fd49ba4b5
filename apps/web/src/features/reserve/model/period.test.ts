import { describe, expect, it } from 'vitest';
import {
  dayOptions,
  defaultDraft,
  draftPeriod,
  overlapsTaken,
  startDayOptions,
  startTimeOptions,
  timeOptions,
  wallToInstant,
} from './period';

describe('a chosen period on the station clock (SPEC §4)', () => {
  it.each([
    ['2026-11-20', '10:00', 180, '2026-11-20T07:00:00.000Z'],
    ['2026-11-20', '01:30', 300, '2026-11-19T20:30:00.000Z'],
    ['2026-11-20', '23:00', -240, '2026-11-21T03:00:00.000Z'],
  ])('%s %s at UTC%+d is %s', (day, time, offset, iso) => {
    expect(wallToInstant(day, time, offset).toISOString()).toBe(iso);
  });

  it('offers the station days from today to the horizon and one more, and times in steps', () => {
    // 22:30 UTC is already the next day at UTC+3.
    expect(dayOptions(new Date('2026-11-20T22:30:00Z'), 180, 3)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(timeOptions(15)).toHaveLength(96);
    expect(timeOptions(5).slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
  });

  it('offers only start times after now on the station clock, and no day whose steps have all passed', () => {
    // 23:42:10 at UTC+3 (20:42:10 UTC): today keeps 23:45, 23:50 and 23:55; tomorrow is whole.
    const now = new Date('2026-11-20T20:42:10Z');
    expect(startTimeOptions('2026-11-20', now, 180, 5)).toEqual(['23:45', '23:50', '23:55']);
    expect(startTimeOptions('2026-11-21', now, 180, 5)).toHaveLength(288);
    expect(startDayOptions(now, 180, 3, 5)[0]).toBe('2026-11-20');
    // The same instant on a UTC−4 clock is 16:42: its 16:40 has passed, 16:45 has not.
    expect(startTimeOptions('2026-11-20', now, -240, 5).slice(0, 2)).toEqual(['16:45', '16:50']);
    // Exactly on a step: that step is now, not after it.
    expect(startTimeOptions('2026-11-20', new Date('2026-11-20T20:45:00Z'), 180, 15)).toEqual([]);
    // 23:57 at UTC+3: nothing is left today, so the first start day is tomorrow.
    expect(startDayOptions(new Date('2026-11-20T20:57:00Z'), 180, 3, 5)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
  });

  it('proposes the next whole step at least a step away, for an hour, across midnight too', () => {
    // 23:42:10 at UTC+3: from 23:50 to 00:50 the next day.
    expect(defaultDraft(new Date('2026-11-20T20:42:10Z'), 180, 5, 240)).toEqual({
      startDay: '2026-11-20',
      startTime: '23:50',
      endDay: '2026-11-21',
      endTime: '00:50',
    });
    const draft = defaultDraft(new Date('2026-11-20T10:00:00Z'), 0, 5, 30);
    expect(draftPeriod(draft, 0)).toEqual({
      startsAt: new Date('2026-11-20T10:05:00Z'),
      endsAt: new Date('2026-11-20T10:35:00Z'),
    });
  });

  it.each([
    ['10:00', '11:00', true],
    ['08:00', '09:00', false],
    ['09:00', '09:30', false],
    ['08:30', '09:31', true],
  ])('%s–%s overlaps 09:30–10:30 taken: %s', (from, to, overlaps) => {
    const period = {
      startsAt: wallToInstant('2026-11-20', from, 0),
      endsAt: wallToInstant('2026-11-20', to, 0),
    };
    expect(
      overlapsTaken(period, [{ startsAt: '2026-11-20T09:30:00Z', endsAt: '2026-11-20T10:30:00Z' }]),
    ).toBe(overlaps);
  });
});
