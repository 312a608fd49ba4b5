import { describe, expect, it } from 'vitest';
import { addMonths, monthDays, monthRange, parseMonth } from './month';

describe('dashboard month', () => {
  it('asks for the month from local midnight of the 1st to the next 1st', () => {
    const range = monthRange({ year: 2026, month: 11 });
    expect(new Date(range.from).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(range.to).getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(range.offset).toBe(-new Date(2026, 10, 1).getTimezoneOffset());
  });

  it('goes across years', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it.each([['2026-02', { year: 2026, month: 2 }], ['2026-13', null], ['26-01', null], [null, null]])('reads %j', (value, month) => {
    expect(parseMonth(value)).toEqual(month);
  });

  it('gives every day of the month, 0 Wh where nothing was charged', () => {
    const days = monthDays({ year: 2026, month: 2 }, [{ date: '2026-02-03', energyWh: 12_000 }]);
    expect(days).toHaveLength(28);
    expect(days[2]).toEqual({ date: '2026-02-03', day: 3, energyWh: 12_000 });
    expect(days.reduce((sum, d) => sum + d.energyWh, 0)).toBe(12_000);
  });
});
