import { describe, expect, it } from 'vitest';
import {
  heldMinutes,
  isOpenThroughout,
  periodProblem,
  quickPeriod,
  reservationCost,
  reservationMaxCostMinor,
} from './reservation';
import { weekDays, type Schedule } from './station-hours';

const allDay = Object.fromEntries(
  weekDays.map((d) => [d, [{ from: '00:00', to: '24:00' }]]),
) as unknown as Schedule;
const daytime = Object.fromEntries(
  weekDays.map((d) => [d, [{ from: '08:00', to: '20:00' }]]),
) as unknown as Schedule;
// 2026-11-25 is a Wednesday; 10:00 UTC is 13:00 at UTC+3.
const now = new Date('2026-11-25T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const station = (schedule: Schedule, utcOffsetMinutes = 0) => ({ schedule, utcOffsetMinutes });

describe('periodProblem (SPEC §5 reservation dates)', () => {
  it('takes a future period longer than 15 minutes inside the hours', () => {
    expect(
      periodProblem({ startsAt: at(30), endsAt: at(46) }, station(allDay), now),
    ).toBeUndefined();
    expect(
      periodProblem({ startsAt: at(30), endsAt: at(270) }, station(allDay), now),
    ).toBeUndefined();
  });

  it.each([
    ['a start now or before', 0, 60, 'startsAt', 'reservePast'],
    ['an end not after the start', 60, 60, 'endsAt', 'reserveOrder'],
    ['15 minutes, the quick reservation’s length', 60, 75, 'endsAt', 'reserveLength'],
    ['more than 4 hours', 60, 301, 'endsAt', 'reserveLength'],
    ['a start past the 3-day horizon', 3 * 1440 + 1, 3 * 1440 + 60, 'startsAt', 'reserveHorizon'],
  ])('refuses %s', (_, from, to, field, rule) => {
    expect(periodProblem({ startsAt: at(from), endsAt: at(to) }, station(allDay), now)).toEqual({
      field,
      rule,
    });
  });

  it('refuses a period that runs past closing time, in the station’s local time', () => {
    // 13:00 local at UTC+3: 19:30–20:30 local runs past 20:00.
    const late = { startsAt: at(6.5 * 60), endsAt: at(7.5 * 60) };
    expect(periodProblem(late, station(daytime, 180), now)).toEqual({
      field: 'startsAt',
      rule: 'reserveHours',
    });
    // The same instants at UTC+0 are 16:30–17:30: open.
    expect(periodProblem(late, station(daytime, 0), now)).toBeUndefined();
  });

  it('sees a closed minute in the middle of a period', () => {
    const split = Object.fromEntries(
      weekDays.map((d) => [
        d,
        [
          { from: '08:00', to: '12:00' },
          { from: '12:30', to: '20:00' },
        ],
      ]),
    ) as unknown as Schedule;
    expect(
      isOpenThroughout(
        split,
        0,
        Date.parse('2026-11-25T11:00:00Z'),
        Date.parse('2026-11-25T12:00:00Z'),
      ),
    ).toBe(true);
    expect(
      isOpenThroughout(
        split,
        0,
        Date.parse('2026-11-25T11:00:00Z'),
        Date.parse('2026-11-25T13:00:00Z'),
      ),
    ).toBe(false);
  });
});

describe('reservationCost (SPEC §3: fixed cost, idle-minute cost)', () => {
  const price = { fixedCostMinor: 3000, idleMinuteCostMinor: 200 };

  it('costs nothing before it begins', () => {
    expect(reservationCost(price, { begunAt: null, endedAt: null }, at(30)).totalMinor).toBe(0);
  });

  it('charges the fixed cost and each begun minute held', () => {
    expect(reservationCost(price, { begunAt: now, endedAt: null }, now)).toEqual({
      fixedMinor: 3000,
      idleMinutes: 0,
      idleMinor: 0,
      totalMinor: 3000,
    });
    expect(reservationCost(price, { begunAt: now, endedAt: at(0.01) }, at(60)).idleMinutes).toBe(1);
    expect(reservationCost(price, { begunAt: now, endedAt: at(15) }, at(60))).toEqual({
      fixedMinor: 3000,
      idleMinutes: 15,
      idleMinor: 3000,
      totalMinor: 6000,
    });
    // While it holds, up to now.
    expect(reservationCost(price, { begunAt: now, endedAt: null }, at(7.5)).idleMinutes).toBe(8);
  });

  it('holds a card for the whole period at most', () => {
    expect(reservationMaxCostMinor(price, quickPeriod(now))).toBe(3000 + 15 * 200);
    expect(heldMinutes(10, 5)).toBe(0);
  });
});
