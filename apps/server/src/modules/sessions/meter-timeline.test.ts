import { describe, expect, it } from 'vitest';
import {
  CLOCK_AHEAD_TOLERANCE_MS,
  countedReadings,
  MAX_CLOCK_AHEAD_MS,
  MAX_QUEUED_AGE_MS,
  meterEnergy,
  sessionTime,
  startClockOffsetMs,
} from './meter-timeline';

const start = new Date('2026-03-01T10:00:00Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const reading = (minute: number, registerWh: number | null) => ({
  at: minutes(minute),
  registerWh,
});

describe('meterEnergy', () => {
  const readings = [reading(1, 10_100), reading(2, 10_200), reading(3, 10_300)];

  it('is meterStop − meterStart when the stop is sane', () => {
    expect(
      meterEnergy({
        meterStartWh: 10_000,
        startedAt: start,
        readings,
        stop: { meterStopWh: 10_350, at: minutes(4) },
      }),
    ).toEqual({ energyWh: 350, source: 'meter_stop', at: minutes(4) });
  });

  it('never counts readings timestamped after the stop', () => {
    const after = [...readings, reading(5, 11_031), reading(6, 12_000)];
    expect(
      meterEnergy({
        meterStartWh: 10_000,
        startedAt: start,
        readings: after,
        stop: { meterStopWh: 10_061, at: minutes(0.5) },
      }),
    ).toEqual({ energyWh: 61, source: 'meter_stop', at: minutes(0.5) });
  });

  it.each([
    ['zero', 0],
    ['below the start', 9_000],
    ['below a reading taken before the stop (a meter reset)', 10_150],
  ])('falls back to the last sane reading for a meterStop %s', (_, meterStopWh) => {
    expect(
      meterEnergy({
        meterStartWh: 10_000,
        startedAt: start,
        readings,
        stop: { meterStopWh, at: minutes(4) },
      }),
    ).toEqual({ energyWh: 300, source: 'last_reading', at: minutes(3) });
  });

  it('stops at a reset: nothing after the fall counts, even rising again', () => {
    const reset = [...readings, reading(4, 50), reading(5, 150), reading(6, 10_900)];
    expect(meterEnergy({ meterStartWh: 10_000, startedAt: start, readings: reset })).toEqual({
      energyWh: 300,
      source: 'last_reading',
      at: minutes(3),
    });
  });

  it('orders readings by their time, not by arrival', () => {
    const shuffled = [reading(3, 10_300), reading(1, 10_100), reading(2, 10_200)];
    expect(meterEnergy({ meterStartWh: 10_000, startedAt: start, readings: shuffled })).toEqual({
      energyWh: 300,
      source: 'last_reading',
      at: minutes(3),
    });
  });

  it('without any reading or stop the session delivered nothing', () => {
    expect(meterEnergy({ meterStartWh: 500, startedAt: start, readings: [] })).toEqual({
      energyWh: 0,
      source: 'last_reading',
      at: start,
    });
  });
});

describe('countedReadings', () => {
  it('counts sane readings inside the session and readings without a register', () => {
    const all = [
      reading(-1, 9_000),
      reading(1, 10_100),
      reading(2, null),
      reading(3, 50),
      reading(6, 10_600),
    ];
    const counted = countedReadings(all, 10_000, start, minutes(5));
    expect(all.map((r) => counted.has(r))).toEqual([false, true, true, false, false]);
  });
});

describe('the session clock', () => {
  const receivedAt = new Date('2026-03-01T12:00:00Z');

  it('trusts a plausible start, queued for hours', () => {
    expect(startClockOffsetMs(new Date('2026-03-01T09:00:00Z'), receivedAt)).toBe(0);
  });

  it('corrects a start far ahead of our clock or far behind it', () => {
    const ahead = new Date(receivedAt.getTime() + MAX_CLOCK_AHEAD_MS + 60_000);
    expect(startClockOffsetMs(ahead, receivedAt)).toBe(-(MAX_CLOCK_AHEAD_MS + 60_000));
    const behind = new Date(receivedAt.getTime() - MAX_QUEUED_AGE_MS - 60_000);
    expect(startClockOffsetMs(behind, receivedAt)).toBe(MAX_QUEUED_AGE_MS + 60_000);
  });

  it('corrects a start before the session existed (the app prepared it)', () => {
    const created = new Date('2026-03-01T11:59:00Z');
    const yesterday = new Date('2026-02-28T11:59:30Z');
    expect(startClockOffsetMs(yesterday, receivedAt, created)).toBe(
      receivedAt.getTime() - yesterday.getTime(),
    );
  });

  it('moves later times by the offset and never far past their arrival', () => {
    const offset = 24 * 60 * 60_000;
    const cp = new Date('2026-02-28T12:00:30Z');
    expect(sessionTime(cp, offset, receivedAt)).toEqual(new Date('2026-03-01T12:00:30Z'));
    const future = new Date('2026-03-05T00:00:00Z');
    expect(sessionTime(future, offset, receivedAt)).toEqual(
      new Date(receivedAt.getTime() + CLOCK_AHEAD_TOLERANCE_MS),
    );
    expect(sessionTime(new Date(Number.NaN), 0, receivedAt)).toEqual(receivedAt);
  });
});
