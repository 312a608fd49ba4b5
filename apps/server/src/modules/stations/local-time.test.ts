import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../db/schema/stations';
import { formatInOffset, isOpenAt } from './local-time';

const week = (days: Partial<Schedule>): Schedule => ({
  mo: [],
  tu: [],
  we: [],
  th: [],
  fr: [],
  sa: [],
  su: [],
  ...days,
});
const officeHours = week({
  mo: [{ from: '09:00', to: '20:00' }],
  sa: [{ from: '10:00', to: '18:00' }],
});
const nights = week({ fr: [{ from: '22:00', to: '02:00' }] });

// 2026-11-23 is a Monday.
describe('isOpenAt', () => {
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
    ['24/7', week({ mo: [{ from: '00:00', to: '24:00' }] }), '2026-11-23T23:59:59Z', 0, true],
    [
      'from equal to to is all day',
      week({ mo: [{ from: '07:00', to: '07:00' }] }),
      '2026-11-23T03:00:00Z',
      0,
      true,
    ],
    [
      'a malformed period is ignored',
      week({ mo: [{ from: '9', to: '25:00' }] }),
      '2026-11-23T12:00:00Z',
      0,
      false,
    ],
  ])('%s', (_name, schedule, at, offset, open) => {
    expect(isOpenAt(schedule, new Date(at), offset)).toBe(open);
  });
});

describe('formatInOffset', () => {
  it.each([
    ['2026-11-21T18:10:00.500Z', 300, '2026-11-21T23:10:00+05:00'],
    ['2026-11-21T18:10:00Z', 0, '2026-11-21T18:10:00+00:00'],
    ['2026-11-21T01:10:00Z', -210, '2026-11-20T21:40:00-03:30'],
    ['2026-12-31T22:00:00Z', 345, '2027-01-01T03:45:00+05:45'],
  ])('%s at %i minutes is %s', (at, offset, expected) => {
    const text = formatInOffset(new Date(at), offset);
    expect(text).toBe(expected);
    expect(new Date(text).getTime()).toBe(Math.floor(new Date(at).getTime() / 1000) * 1000);
  });
});
