import { describe, expect, it } from 'vitest';
import { stationOpenState, type Schedule } from './station-hours';

const week = (days: Partial<Schedule>): Schedule => ({
  mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [],
  ...days,
});
const every = (from: string, to: string): Schedule => {
  const period = [{ from, to }];
  return week({ mo: period, tu: period, we: period, th: period, fr: period, sa: period, su: period });
};
const officeHours = week({
  mo: [{ from: '09:00', to: '20:00' }],
  sa: [{ from: '10:00', to: '18:00' }],
});
const nights = week({ fr: [{ from: '22:00', to: '02:00' }] });
const allWeek = every('00:00', '24:00');

// 2026-11-23 is a Monday.
describe('stationOpenState: open or closed', () => {
  it.each([
    ['Monday 09:00 local (UTC+5)', officeHours, '2026-11-23T04:00:00Z', 300, true],
    ['Monday 08:59 local', officeHours, '2026-11-23T03:59:00Z', 300, false],
    ['Monday 20:00 local: closing time is closed', officeHours, '2026-11-23T15:00:00Z', 300, false],
    // 01:00 UTC on Monday is still Sunday in UTC-3, and Sunday has no hours.
    ['Sunday evening in UTC-3', officeHours, '2026-11-23T01:00:00Z', -180, false],
    ['the local day, not the UTC day', officeHours, '2026-11-22T23:30:00Z', 600, true],
    ['Friday 23:00 past midnight period', nights, '2026-11-27T23:00:00Z', 0, true],
    ['Saturday 01:59 still in Friday night', nights, '2026-11-28T01:59:00Z', 0, true],
    ['Saturday 02:00 closed', nights, '2026-11-28T02:00:00Z', 0, false],
    ['Thursday 23:00 closed', nights, '2026-11-26T23:00:00Z', 0, false],
    ['24/7 at the last second of a day', allWeek, '2026-11-23T23:59:59Z', 0, true],
    ['24/7 at midnight', allWeek, '2026-11-24T00:00:00Z', 0, true],
    ['24/7 written 00:00–00:00', every('00:00', '00:00'), '2026-11-25T12:00:00Z', 345, true],
    ['from equal to to is all day', week({ mo: [{ from: '07:00', to: '07:00' }] }), '2026-11-23T03:00:00Z', 0, true],
    ['a malformed period is ignored', week({ mo: [{ from: '9', to: '25:00' }] }), '2026-11-23T12:00:00Z', 0, false],
    ['every night 22:00–06:00 at 05:59', every('22:00', '06:00'), '2026-11-25T02:59:00Z', 180, true],
    ['every night 22:00–06:00 at 06:00', every('22:00', '06:00'), '2026-11-25T03:00:00Z', 180, false],
  ])('%s', (_name, schedule, at, offset, open) => {
    expect(stationOpenState(schedule, new Date(at), offset).isOpen).toBe(open);
  });
});

describe('stationOpenState: when a closed station opens', () => {
  it.each([
    ['later today', every('08:00', '22:00'), '2026-11-25T03:00:00Z', 180, 'we', '08:00', '2026-11-25T05:00:00.000Z'],
    ['tomorrow after closing', every('08:00', '22:00'), '2026-11-25T19:30:00Z', 180, 'th', '08:00', '2026-11-26T05:00:00.000Z'],
    ['Monday after an empty Sunday', officeHours, '2026-11-22T12:00:00Z', 300, 'mo', '09:00', '2026-11-23T04:00:00.000Z'],
    ['Saturday from Monday evening', officeHours, '2026-11-23T16:00:00Z', 300, 'sa', '10:00', '2026-11-28T05:00:00.000Z'],
    ['next Friday night from Saturday', nights, '2026-11-28T03:00:00Z', 0, 'fr', '22:00', '2026-12-04T22:00:00.000Z'],
    ['the first of two periods', week({ we: [{ from: '14:00', to: '18:00' }, { from: '08:00', to: '12:00' }] }), '2026-11-25T04:00:00Z', 0, 'we', '08:00', '2026-11-25T08:00:00.000Z'],
    ['the next period after a break', week({ we: [{ from: '08:00', to: '12:00' }, { from: '14:00', to: '18:00' }] }), '2026-11-25T12:30:00Z', 0, 'we', '14:00', '2026-11-25T14:00:00.000Z'],
    ['a week ahead, same day', week({ we: [{ from: '08:00', to: '09:00' }] }), '2026-11-25T10:00:00Z', 0, 'we', '08:00', '2026-12-02T08:00:00.000Z'],
    ['a whole-day period opens at midnight', week({ th: [{ from: '00:00', to: '24:00' }] }), '2026-11-25T10:00:00Z', -300, 'th', '00:00', '2026-11-26T05:00:00.000Z'],
  ])('%s', (_name, schedule, at, offset, day, time, opensAt) => {
    const state = stationOpenState(schedule, new Date(at), offset);
    expect(state).toEqual({ isOpen: false, opensAt: { day, time, at: new Date(opensAt) } });
  });

  it('a schedule without hours never opens', () => {
    expect(stationOpenState(week({}), new Date('2026-11-25T10:00:00Z'), 0)).toEqual({ isOpen: false, opensAt: null });
  });

  it('a 24/7 station is open at every minute of a week in any offset', () => {
    for (const offset of [-720, -210, 0, 345, 840]) {
      for (let minute = 0; minute < 7 * 1440; minute += 7) {
        const at = new Date(Date.UTC(2026, 10, 23) + minute * 60_000);
        expect(stationOpenState(allWeek, at, offset).isOpen).toBe(true);
      }
    }
  });
});
