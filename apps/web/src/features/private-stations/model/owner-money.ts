import type { SharingSchedule } from '@evcharge/api/private-stations/private-stations';
import { ownerShare } from '@evcharge/domain/private-station';
import type { WeekDay } from '@evcharge/domain/station-hours';
import { formatDate } from '@/lib/format';
import { toBcp47 } from '@/lib/i18n';
import { textToMinor } from './schedule-form';

/** "₽", "$" … as the price fields' suffix (the code where the language has no symbol). */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(toBcp47(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}

/** What the owner would keep of a 20 kWh session at the per-kWh price typed (the fee's rule). */
export function earningExample(
  perKwhText: string,
  schedule: Pick<SharingSchedule, 'currency' | 'platformFeePercent'>,
): { paidMinor: number; ownerMinor: number } | null {
  const perKwh = textToMinor(perKwhText, schedule.currency);
  if (perKwh === null || perKwh === 0) return null;
  const paidMinor = perKwh * 20;
  return { paidMinor, ownerMinor: ownerShare(paidMinor, schedule.platformFeePercent).ownerMinor };
}

const days: readonly WeekDay[] = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];

/** "Monday" … "Sunday" in the reader's language (1 January 2024 was a Monday). */
export function weekDayName(day: WeekDay, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + days.indexOf(day)));
  return formatDate(date, language, { weekday: 'long', timeZone: 'UTC' });
}
