import { formatNumber } from '@/lib/format';
import { toBcp47 } from '@/lib/i18n';

type Unit = 'percent' | 'celsius' | 'kilometer';

/** A unit's symbol as the reader's language writes it ("%", "°C", "км"), for a field's suffix. */
export function unitSymbol(unit: Unit, language: string): string {
  const parts = new Intl.NumberFormat(toBcp47(language), { style: 'unit', unit, unitDisplay: 'short' }).formatToParts(1);
  return parts.find((part) => part.type === 'unit' || part.type === 'percentSign')?.value ?? '';
}

/** "80 %", "−5 °C", "312 km" in the reader's number style. */
export function unitText(value: number, unit: Unit, language: string): string {
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 });
}
