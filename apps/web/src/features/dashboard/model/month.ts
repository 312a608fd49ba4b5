// The dashboard's period: a calendar month in the driver's own time zone ("this
// month in the user's local time"), and its days for the energy chart.

export type Month = { year: number; month: number };

/** The month of `date` in local time; `month` counts from 1. */
export function monthOf(date: Date): Month {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/** `?month=2026-11`, or null when absent or not a real month. */
export function parseMonth(value: string | null): Month | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

export function monthKey({ year, month }: Month): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month as the API's period: [local midnight of the 1st, local midnight of the next 1st). */
export function monthRange({ year, month }: Month): { from: string; to: string; offset: number } {
  const start = new Date(year, month - 1, 1);
  const end = new Date(year, month, 1);
  return { from: start.toISOString(), to: end.toISOString(), offset: -start.getTimezoneOffset() };
}

/** Every day of the month with its energy; days without a session count 0 Wh. */
export function monthDays(month: Month, days: readonly { date: string; energyWh: number }[]): { date: string; day: number; energyWh: number }[] {
  const count = new Date(month.year, month.month, 0).getDate();
  const byDate = new Map(days.map((d) => [d.date, d.energyWh]));
  return Array.from({ length: count }, (_, i) => {
    const date = `${monthKey(month)}-${String(i + 1).padStart(2, '0')}`;
    return { date, day: i + 1, energyWh: byDate.get(date) ?? 0 };
  });
}
