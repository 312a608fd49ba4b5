import type { TFunction } from 'i18next';
import { formatNumber } from '@/lib/format';

/** "150 kW", "7.4 kW" in the reader's number style. */
export function powerText(t: TFunction, powerKw: number, language: string): string {
  return t('common:powerKw', { value: formatNumber(powerKw, language, { maximumFractionDigits: 1 }) });
}

/** "1.2 km", "350 m" through Intl units. */
export function distanceText(km: number, language: string): string {
  if (km < 1) return formatNumber(Math.max(10, Math.round((km * 1000) / 10) * 10), language, { style: 'unit', unit: 'meter' });
  return formatNumber(km, language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 });
}
