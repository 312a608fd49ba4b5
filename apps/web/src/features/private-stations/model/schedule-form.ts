import type { SharingSchedule, SharingScheduleBody } from '@evcharge/api/private-stations/private-stations';
import { minorDigits, type Currency } from '@evcharge/domain/currency';
import { isCalendarDate, sharingTimePattern } from '@evcharge/domain/private-station';
import { weekDays, type WeekDay } from '@evcharge/domain/station-hours';
import { rule } from '@evcharge/domain/validation';
import { minorToDecimal } from '@/lib/format';

// The schedule screen's form (SPEC §2 schedule of a private station): the weekly hours as
// intervals per day, the dates off, the shared switch and the prices as typed. A time input
// cannot say 24:00, so an interval that ends at 00:00 runs until midnight.

export type Interval = { key: string; from: string; to: string };
export type PriceName = keyof SharingScheduleBody['prices'];
export const priceNames: readonly PriceName[] = ['perKwhMinor', 'perMinuteMinor', 'parkingPerMinuteMinor'];

export type ScheduleForm = {
  isShared: boolean;
  weekly: Record<WeekDay, Interval[]>;
  datesOff: string[];
  prices: Record<PriceName, string>;
};

/** Errors by field path (`weekly.mo.0.to`, `prices.perKwhMinor`, `newDateOff`): rule keys. */
export type FormErrors = Record<string, string>;

let keys = 0;
const nextKey = () => `interval-${++keys}`;

export function newInterval(from = '09:00', to = '18:00'): Interval {
  return { key: nextKey(), from, to };
}

/** Minor units as a price field shows them: 1500 → "15", 1550 → "15.5". */
export function minorToText(minor: number, currency: Currency): string {
  const text = minorToDecimal(minor, minorDigits(currency));
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** "15,5" → 1550 minor units, digit by digit; null when it is not a price. */
export function textToMinor(text: string, currency: Currency): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,7})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole + fraction.padEnd(digits, '0'));
}

export function formOf(schedule: SharingSchedule): ScheduleForm {
  const currency = schedule.currency;
  return {
    isShared: schedule.isShared,
    weekly: Object.fromEntries(
      weekDays.map((day) => [
        day,
        schedule.weekly[day].map((p) => newInterval(p.from, p.to === '24:00' ? '00:00' : p.to)),
      ]),
    ) as Record<WeekDay, Interval[]>,
    datesOff: [...schedule.datesOff],
    prices: {
      perKwhMinor: minorToText(schedule.prices.perKwhMinor, currency),
      perMinuteMinor: minorToText(schedule.prices.perMinuteMinor, currency),
      parkingPerMinuteMinor: minorToText(schedule.prices.parkingPerMinuteMinor, currency),
    },
  };
}

const limitOf: Record<PriceName, keyof SharingSchedule['limits']> = {
  perKwhMinor: 'maxPerKwhMinor',
  perMinuteMinor: 'maxPerMinuteMinor',
  parkingPerMinuteMinor: 'maxParkingPerMinuteMinor',
};

export function limitFor(name: PriceName, schedule: Pick<SharingSchedule, 'limits'>): number {
  return schedule.limits[limitOf[name]];
}

/** The request body, or the errors to show (the server checks the same rules again). */
export function bodyOf(
  form: ScheduleForm,
  schedule: Pick<SharingSchedule, 'currency' | 'limits'>,
): { body: SharingScheduleBody } | { errors: FormErrors } {
  const errors: FormErrors = {};
  const weekly = {} as SharingScheduleBody['weekly'];
  for (const day of weekDays) {
    weekly[day] = form.weekly[day].map((interval, index) => {
      const path = `weekly.${day}.${index}`;
      const to = interval.to === '00:00' ? '24:00' : interval.to;
      if (!sharingTimePattern.test(interval.from)) errors[`${path}.from`] = rule.timeFormat;
      else if (!sharingTimePattern.test(interval.to)) errors[`${path}.to`] = rule.timeFormat;
      else if (!(interval.from < to)) errors[`${path}.to`] = rule.periodOrder;
      return { from: interval.from, to };
    });
  }
  const prices = {} as SharingScheduleBody['prices'];
  for (const name of priceNames) {
    const minor = textToMinor(form.prices[name], schedule.currency);
    if (minor === null) errors[`prices.${name}`] = rule.number;
    else if (minor > limitFor(name, schedule)) errors[`prices.${name}`] = rule.priceLimit;
    prices[name] = minor ?? 0;
  }
  const datesOff = form.datesOff.filter(isCalendarDate);
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { isShared: form.isShared, weekly, datesOff, prices } };
}
