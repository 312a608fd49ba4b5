import { describe, expect, it } from 'vitest';
import {
  canUseStation,
  emptyWeek,
  isCalendarDate,
  isSharedAt,
  localDateOf,
  nextSharingChange,
  ownerShare,
  sharedTagExpiry,
  stationAccess,
  workHoursText,
  type Sharing,
  type StationAccessFacts,
} from './private-station';
import type { Schedule } from './station-hours';

const week = (days: Partial<Schedule>): Schedule => ({ ...emptyWeek(), ...days });
const everyDay = (from: string, to: string): Schedule => {
  const period = [{ from, to }];
  return week({ mo: period, tu: period, we: period, th: period, fr: period, sa: period, su: period });
};
const shared = (weekly: Schedule, datesOff: string[] = []): Sharing => ({ isShared: true, weekly, datesOff });

// 2026-11-23 is a Monday.
const evenings = shared(everyDay('18:00', '23:00'));
const nights = shared(week({ fr: [{ from: '22:00', to: '02:00' }] }));

describe('isSharedAt', () => {
  it.each([
    ['inside the hours', evenings, '2026-11-23T18:00:00Z', 0, true],
    ['the first minute is in', evenings, '2026-11-23T18:00:00Z', 0, true],
    ['a minute before', evenings, '2026-11-23T17:59:00Z', 0, false],
    ['the end is out', evenings, '2026-11-23T23:00:00Z', 0, false],
    ['the last second is in', evenings, '2026-11-23T22:59:59Z', 0, true],
    // 18:30 in UTC+3 is 15:30 UTC.
    ['in the station’s own time', evenings, '2026-11-23T15:30:00Z', 180, true],
    ['not in UTC’s (20:30 UTC is 23:30 there)', evenings, '2026-11-23T20:30:00Z', 180, false],
    ['past midnight into Saturday', nights, '2026-11-28T01:30:00Z', 0, true],
    ['Saturday 02:00 is out', nights, '2026-11-28T02:00:00Z', 0, false],
    ['switched off', { ...evenings, isShared: false }, '2026-11-23T19:00:00Z', 0, false],
    ['no hours at all', shared(emptyWeek()), '2026-11-23T19:00:00Z', 0, false],
    ['round the clock', shared(everyDay('00:00', '24:00')), '2026-11-23T00:00:00Z', 0, true],
  ])('%s', (_name, sharing, at, offset, expected) => {
    expect(isSharedAt(sharing, new Date(at), offset)).toBe(expected);
  });

  it('a date off closes the whole local day', () => {
    const sharing = shared(everyDay('00:00', '24:00'), ['2026-11-24']);
    expect(isSharedAt(sharing, new Date('2026-11-23T23:59:59Z'), 0)).toBe(true);
    expect(isSharedAt(sharing, new Date('2026-11-24T00:00:00Z'), 0)).toBe(false);
    expect(isSharedAt(sharing, new Date('2026-11-24T23:59:59Z'), 0)).toBe(false);
    expect(isSharedAt(sharing, new Date('2026-11-25T00:00:00Z'), 0)).toBe(true);
  });

  it('a date off is the station’s local date, not UTC’s', () => {
    const sharing = shared(everyDay('00:00', '24:00'), ['2026-11-24']);
    // 22:00 UTC on the 23rd is already the 24th in UTC+5; 02:00 UTC on the 24th is still the 23rd in UTC-5.
    expect(isSharedAt(sharing, new Date('2026-11-23T22:00:00Z'), 300)).toBe(false);
    expect(isSharedAt(sharing, new Date('2026-11-24T02:00:00Z'), -300)).toBe(true);
  });

  it('a date off wins over a period running past midnight into it', () => {
    const sharing = shared(week({ fr: [{ from: '22:00', to: '02:00' }] }), ['2026-11-28']);
    expect(isSharedAt(sharing, new Date('2026-11-27T23:00:00Z'), 0)).toBe(true);
    expect(isSharedAt(sharing, new Date('2026-11-28T01:00:00Z'), 0)).toBe(false);
  });
});

describe('stationAccess', () => {
  const at = new Date('2026-11-23T19:00:00Z');
  const closed = new Date('2026-11-23T12:00:00Z');
  const station = (facts: Partial<StationAccessFacts>): StationAccessFacts => ({
    isPrivate: true,
    ownerUserId: 'owner',
    sharing: evenings,
    utcOffsetMinutes: 0,
    ...facts,
  });

  it.each([
    ['a public station is everyone’s', station({ isPrivate: false, ownerUserId: null }), null, at, 'public'],
    ['even outside any sharing', station({ isPrivate: false, ownerUserId: null, sharing: null }), 'x', closed, 'public'],
    ['the owner always', station({}), 'owner', closed, 'owner'],
    ['the owner when not shared at all', station({ sharing: null }), 'owner', at, 'owner'],
    ['another driver while shared', station({}), 'other', at, 'shared'],
    ['a visitor while shared', station({}), null, at, 'shared'],
    ['another driver outside the hours', station({}), 'other', closed, 'hidden'],
    ['a visitor outside the hours', station({}), null, closed, 'hidden'],
    ['sharing switched off', station({ sharing: { ...evenings, isShared: false } }), 'other', at, 'hidden'],
    ['a date off', station({ sharing: shared(everyDay('18:00', '23:00'), ['2026-11-23']) }), 'other', at, 'hidden'],
    ['an unclaimed station is nobody’s', station({ ownerUserId: null }), 'other', at, 'hidden'],
  ] as const)('%s', (_name, facts, userId, when, expected) => {
    expect(stationAccess(facts, userId, when)).toBe(expected);
    expect(canUseStation(facts, userId, when)).toBe(expected !== 'hidden');
  });
});

describe('nextSharingChange', () => {
  it.each([
    ['opens later today', evenings, '2026-11-23T12:00:00Z', 0, '2026-11-23T18:00:00.000Z'],
    ['closes at the end of the period', evenings, '2026-11-23T19:00:00Z', 0, '2026-11-23T23:00:00.000Z'],
    ['opens tomorrow after closing', evenings, '2026-11-23T23:00:00Z', 0, '2026-11-24T18:00:00.000Z'],
    ['in the station’s time zone', evenings, '2026-11-23T12:00:00Z', 180, '2026-11-23T15:00:00.000Z'],
    ['a night period closes after midnight', nights, '2026-11-27T23:00:00Z', 0, '2026-11-28T02:00:00.000Z'],
    ['a night period a week ahead', nights, '2026-11-28T03:00:00Z', 0, '2026-12-04T22:00:00.000Z'],
    ['a date off closes at its midnight', shared(everyDay('00:00', '24:00'), ['2026-11-24']), '2026-11-23T10:00:00Z', 0, '2026-11-24T00:00:00.000Z'],
    ['and opens at the next one', shared(everyDay('00:00', '24:00'), ['2026-11-24']), '2026-11-24T10:00:00Z', 0, '2026-11-25T00:00:00.000Z'],
    ['a date off skips that day’s opening', shared(everyDay('18:00', '23:00'), ['2026-11-23']), '2026-11-23T12:00:00Z', 0, '2026-11-24T18:00:00.000Z'],
    ['back-to-back periods are one', shared(everyDay('00:00', '24:00')), '2026-11-23T12:00:00Z', 0, null],
    ['never shared', { ...evenings, isShared: false }, '2026-11-23T12:00:00Z', 0, null],
    ['no hours at all', shared(emptyWeek()), '2026-11-23T12:00:00Z', 0, null],
  ])('%s', (_name, sharing, at, offset, expected) => {
    const next = nextSharingChange(sharing, new Date(at), offset);
    expect(next?.toISOString() ?? null).toBe(expected);
  });

  it('is exactly where the state changes', () => {
    const sharing = shared(everyDay('09:30', '17:45'), ['2026-11-25']);
    let at = new Date('2026-11-23T00:00:00Z');
    for (let step = 0; step < 6; step++) {
      const next = nextSharingChange(sharing, at, 330)!;
      const before = new Date(next.getTime() - 1);
      expect(isSharedAt(sharing, before, 330)).toBe(isSharedAt(sharing, at, 330));
      expect(isSharedAt(sharing, next, 330)).not.toBe(isSharedAt(sharing, at, 330));
      at = next;
    }
  });
});

describe('sharedTagExpiry: how long a charge point may trust another driver’s tag', () => {
  it.each([
    ['until the window closes', evenings, '2026-11-23T19:00:00Z', '2026-11-23T23:00:00.000Z'],
    ['a day at most when shared round the clock', shared(everyDay('00:00', '24:00')), '2026-11-23T12:00:00Z', '2026-11-24T12:00:00.000Z'],
    ['a night window, past midnight', nights, '2026-11-27T23:00:00Z', '2026-11-28T02:00:00.000Z'],
    ['a day at most before a date off far ahead', shared(everyDay('00:00', '24:00'), ['2026-11-27']), '2026-11-23T12:00:00Z', '2026-11-24T12:00:00.000Z'],
  ])('%s', (_name, sharing, at, expected) => {
    expect(sharedTagExpiry(sharing, new Date(at), 0).toISOString()).toBe(expected);
  });
});

describe('ownerShare: the platform fee, rounded half up, and the rest to the owner', () => {
  it.each([
    [10_000, 15, 1_500, 8_500],
    [333, 15, 50, 283], // 49.95 rounds up
    [330, 15, 50, 280], // 49.5 rounds up
    [329, 15, 49, 280], // 49.35 rounds down
    [10, 15, 2, 8], // 1.5 rounds up
    [3, 15, 0, 3], // 0.45 rounds down
    [1, 15, 0, 1],
    [0, 15, 0, 0],
    [1_000, 12.5, 125, 875],
    [999, 0, 0, 999],
    [999, 100, 999, 0],
  ])('%i at %d %%: fee %i, owner %i', (full, percent, fee, owner) => {
    expect(ownerShare(full, percent)).toEqual({ feeMinor: fee, ownerMinor: owner });
  });

  it('refuses what is not an amount or a percentage', () => {
    expect(() => ownerShare(-1, 15)).toThrow(RangeError);
    expect(() => ownerShare(1.5, 15)).toThrow(RangeError);
    expect(() => ownerShare(100, 101)).toThrow(RangeError);
  });
});

describe('dates and summaries', () => {
  it.each([
    ['2026-11-23', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
  ])('%s is a calendar date: %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });

  it('the local date follows the offset', () => {
    expect(localDateOf(new Date('2026-11-23T21:30:00Z'), 180)).toBe('2026-11-24');
    expect(localDateOf(new Date('2026-11-23T01:30:00Z'), -120)).toBe('2026-11-22');
  });

  it.each([
    [everyDay('00:00', '24:00'), '24/7'],
    [week({ mo: [{ from: '09:00', to: '20:00' }], tu: [{ from: '09:00', to: '20:00' }], sa: [{ from: '10:00', to: '14:00' }] }), 'Mo–Tu 09:00–20:00, Sa 10:00–14:00'],
    [week({ we: [{ from: '18:00', to: '23:00' }, { from: '07:00', to: '09:00' }] }), 'We 07:00–09:00, 18:00–23:00'],
    [emptyWeek(), ''],
  ])('work hours %#', (schedule, text) => {
    expect(workHoursText(schedule)).toBe(text);
  });
});
