import { describe, expect, it } from 'vitest';
import { dayHours, isAlwaysOpen, stationToday, weekDayName, type Schedule } from './schedule';

const allDay = [{ from: '00:00', to: '24:00' }];
const always: Schedule = { mo: allDay, tu: allDay, we: allDay, th: allDay, fr: allDay, sa: allDay, su: allDay };

describe('stationToday (the station’s own week day)', () => {
  it.each([
    // Monday 2024-01-01 21:30 UTC is already Tuesday in Almaty (UTC+5) but still Monday in Moscow.
    ['2024-01-01T21:30:00Z', 300, 'tu'],
    ['2024-01-01T21:30:00Z', 180, 'tu'],
    ['2024-01-01T20:30:00Z', 180, 'mo'],
    ['2024-01-07T23:59:00Z', 0, 'su'],
    ['2024-01-08T02:00:00Z', -300, 'su'],
  ])('%s at UTC%+d min is %s', (iso, offset, day) => {
    expect(stationToday(new Date(iso), offset)).toBe(day);
  });
});

describe('dayHours', () => {
  it('tells closed, all day and periods apart, periods in order', () => {
    const schedule: Schedule = {
      ...always,
      mo: [{ from: '14:00', to: '22:00' }, { from: '08:00', to: '12:00' }],
      su: [],
    };
    expect(dayHours(schedule, 'su').kind).toBe('closed');
    expect(dayHours(schedule, 'tu').kind).toBe('allDay');
    expect(dayHours(schedule, 'mo')).toEqual({
      day: 'mo', kind: 'periods', periods: [{ from: '08:00', to: '12:00' }, { from: '14:00', to: '22:00' }],
    });
    expect(isAlwaysOpen(always)).toBe(true);
    expect(isAlwaysOpen(schedule)).toBe(false);
  });

  it('names week days in the reader’s language', () => {
    expect(weekDayName('mo', 'en')).toBe('Monday');
    expect(weekDayName('su', 'ru')).toBe('воскресенье');
  });
});
