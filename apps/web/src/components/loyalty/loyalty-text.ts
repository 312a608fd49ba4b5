import type { TFunction } from 'i18next';
import type { LoyaltyBenefit } from '@evcharge/domain/loyalty';
import { formatNumber, formatPercent } from '@/lib/format';

// What a loyalty card gives, in the reader's language (SPEC §7 Loyalty): the loyalty screen,
// the precharging estimate and the live session all say it the same way (texts: `charging`).

/** "5% off charging" or "Points per kWh: 2". */
export function benefitText(t: TFunction, benefit: LoyaltyBenefit, language: string): string {
  return benefit.kind === 'discount'
    ? t('charging:loyalty.benefit.discount', { percent: formatPercent(benefit.percent, language) })
    : t('charging:loyalty.benefit.points', { points: formatNumber(benefit.pointsPerKwh, language, { maximumFractionDigits: 2 }) });
}

/** "4600 0000 0000 1" — the number in groups of four, as printed on cards, for reading it aloud at a till. */
export function groupedNumber(number: string): string {
  return number.replace(/(.{4})(?=.)/g, '$1 ');
}
