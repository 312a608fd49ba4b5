import { describe, expect, it } from 'vitest';
import {
  CLOCK_AHEAD_TOLERANCE_MS,
  countedReadings,
  MAX_CLOCK_AHEAD_MS,
  MAX_QUEUED_AGE_MS,
  maxEnergyWh,
  METER_POWER_TOLERANCE,
  METER_TIME_TOLERANCE_MS,
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
/** A 22 kW AC connector: 22 kWh an hour at most, 366.6 Wh a minute (with the tolerances, more). */
const maxPowerW = 22_000;
const scale = { meterStartWh: 10_000, startedAt: start, maxPowerW };

describe('meterEnergy', () => {
  const readings = [reading(1, 10_100), reading(2, 10_200), reading(3, 10_300)];

  it('is meterStop − meterStart when the stop is sane', () => {
    expect(
      meterEnergy({
        meterStartWh: 10_000,
        startedAt: start,
        maxPowerW,
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
        maxPowerW,
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
        maxPowerW,
        readings,
        stop: { meterStopWh, at: minutes(4) },
      }),
    ).toEqual({ energyWh: 300, source: 'last_reading', at: minutes(3) });
  });

  it('stops at a reset: nothing after the fall counts, even rising again', () => {
    const reset = [...readings, reading(4, 50), reading(5, 150), reading(6, 10_900)];
    expect(meterEnergy({ ...scale, readings: reset })).toEqual({
      energyWh: 300,
      source: 'last_reading',
      at: minutes(3),
    });
  });

  it('orders readings by their time, not by arrival', () => {
    const shuffled = [reading(3, 10_300), reading(1, 10_100), reading(2, 10_200)];
    expect(meterEnergy({ ...scale, readings: shuffled })).toEqual({
      energyWh: 300,
      source: 'last_reading',
      at: minutes(3),
    });
  });

  it('without any reading or stop the session delivered nothing', () => {
    expect(meterEnergy({ meterStartWh: 500, startedAt: start, maxPowerW, readings: [] })).toEqual({
      energyWh: 0,
      source: 'last_reading',
      at: start,
    });
  });
});

describe('what a connector can deliver (the meter is believed up to physics)', () => {
  const seconds = (n: number) => new Date(start.getTime() + n * 1000);
  /** The bound at `at`, in Wh since the start: 22 kW × 1.1 × (elapsed + 30 s). */
  const bound = (at: Date) =>
    Math.floor(
      (maxPowerW *
        (1 + METER_POWER_TOLERANCE) *
        (at.getTime() - start.getTime() + METER_TIME_TOLERANCE_MS)) /
        3_600_000,
    );

  it('is the rated power × the time, with 10 % and 30 s of tolerance', () => {
    expect(maxEnergyWh(maxPowerW, start, minutes(60))).toBe(24_401);
    expect(maxEnergyWh(maxPowerW, start, start)).toBe(201);
    // Time going backwards gives no more than the tolerance.
    expect(maxEnergyWh(maxPowerW, minutes(5), start)).toBe(201);
  });

  it.each([
    ['10^12 Wh two seconds after the start', 1_000_000_000_000, seconds(2)],
    ['a jump of 1 MWh in one second', 10_000 + 1_000_000, seconds(1)],
    ['one Wh past the bound after an hour', 10_000 + 24_402, minutes(60)],
    ['a register of NaN', Number.NaN, minutes(1)],
    ['a register of Infinity', Number.POSITIVE_INFINITY, minutes(1)],
  ])(
    'never bills a reading of %s; the last plausible one is billed and the claim reported',
    (_, registerWh, at) => {
      const timeline = [reading(1, 10_100), { at, registerWh }].sort(
        (a, b) => a.at.getTime() - b.at.getTime(),
      );
      const energy = meterEnergy({ ...scale, readings: timeline });
      // The reading at 1 minute is plausible whatever came after it.
      expect(energy).toMatchObject({ energyWh: 100, source: 'last_reading', at: minutes(1) });
      expect(energy.anomaly).toEqual({ claimedWh: registerWh - 10_000, at });
      expect(countedReadings(timeline, scale).has(timeline.find((r) => r.at === at)!)).toBe(false);
    },
  );

  it('believes a slow drift just under the bound, reading after reading', () => {
    const drift = [1, 2, 5, 10, 30, 60].map((minute) => ({
      at: minutes(minute),
      registerWh: 10_000 + bound(minutes(minute)),
    }));
    const energy = meterEnergy({
      ...scale,
      readings: drift,
      stop: { meterStopWh: 10_000 + bound(minutes(61)), at: minutes(61) },
    });
    expect(energy).toEqual({ energyWh: bound(minutes(61)), source: 'meter_stop', at: minutes(61) });
    expect(countedReadings(drift, scale).size).toBe(drift.length);
  });

  it('judges the readings after a glitch against the last plausible one', () => {
    const glitch = [reading(1, 10_100), reading(2, 99_999_999), reading(3, 10_300)];
    const energy = meterEnergy({ ...scale, readings: glitch });
    expect(energy).toMatchObject({ energyWh: 300, at: minutes(3) });
    expect(energy.anomaly).toEqual({ claimedWh: 99_989_999, at: minutes(2) });
  });

  it('refuses a meterStop beyond physics even without readings, and bills the plausible', () => {
    const energy = meterEnergy({
      ...scale,
      readings: [],
      stop: { meterStopWh: 1_000_000_000_000, at: seconds(2) },
    });
    expect(energy).toEqual({
      energyWh: 0,
      source: 'last_reading',
      at: start,
      anomaly: { claimedWh: 1_000_000_000_000 - 10_000, at: seconds(2) },
    });
  });

  it('keeps a sane stop, and reports a reading beyond physics before it', () => {
    const energy = meterEnergy({
      ...scale,
      readings: [reading(1, 10_100), reading(2, 5_000_000)],
      stop: { meterStopWh: 10_600, at: minutes(4) },
    });
    expect(energy).toEqual({
      energyWh: 600,
      source: 'meter_stop',
      at: minutes(4),
      anomaly: { claimedWh: 4_990_000, at: minutes(2) },
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
    const counted = countedReadings(all, scale, minutes(5));
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
