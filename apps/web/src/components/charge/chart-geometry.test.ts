import { describe, expect, it } from 'vitest';
import { chartGeometry, niceCeil } from './chart-geometry';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

describe('chartGeometry', () => {
  it('scales power to a round top and state of charge to 100 %', () => {
    const geometry = chartGeometry(
      [
        { at: at(0), powerW: 0, socPercent: 40 },
        { at: at(10), powerW: 45_000, socPercent: 60 },
        { at: at(20), powerW: 22_500, socPercent: 80 },
      ],
      100,
      50,
    )!;
    expect(geometry.maxKw).toBe(50);
    expect(geometry.peakKw).toBe(45);
    expect(geometry.powerLine).toBe('M0 50L50 5L100 27.5');
    expect(geometry.powerArea).toBe('M0 50L50 5L100 27.5L100 50L0 50Z');
    expect(geometry.socLine).toBe('M0 30L50 20L100 10');
    expect([geometry.socFirst, geometry.socLast]).toEqual([40, 80]);
  });

  it('breaks a line where a reading has no value', () => {
    const geometry = chartGeometry(
      [
        { at: at(0), powerW: 10_000, socPercent: null },
        { at: at(5), powerW: null, socPercent: null },
        { at: at(10), powerW: 10_000, socPercent: 50 },
      ],
      100,
      10,
    )!;
    expect(geometry.powerLine).toBe('M0 0M100 0');
    expect(geometry.powerArea).toBe('');
    expect(geometry.socLine).toBe('M100 5');
    expect(geometry.socFirst).toBe(50);
  });

  it('needs two readings to draw anything', () => {
    expect(chartGeometry([{ at: at(0), powerW: 1, socPercent: 1 }], 10, 10)).toBeNull();
  });

  it.each([[0, 1], [0.4, 0.5], [7.4, 10], [11, 20], [22, 25], [48.2, 50], [150, 200], [350, 500]])('rounds %d kW up to %d', (value, top) => {
    expect(niceCeil(value)).toBe(top);
  });
});
