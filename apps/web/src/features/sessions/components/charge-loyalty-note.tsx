import { useTranslation } from 'react-i18next';
import type { ChargeLoyalty } from '@evcharge/api/loyalty/loyalty';
import { benefitText } from '@/components/loyalty/loyalty-text';
import { Icon } from '@/components/ui/icon';
import { formatNumber, useFormat } from '@/lib/format';

type ChargeLoyaltyProps = {
  loyalty: ChargeLoyalty;
  currency: string;
  /** The estimate before the start, the session while it runs, or the finished session. */
  stage: 'estimate' | 'live' | 'finished';
};

/**
 * What the session's loyalty card does (SPEC §7 Loyalty): the discount off the energy (in the
 * cost shown), or the points, which the programme adds once the session ends.
 */
export function ChargeLoyaltyNote({ loyalty, currency, stage }: ChargeLoyaltyProps) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const company = loyalty.companyName;
  let text: string;
  if (loyalty.benefit.kind === 'discount' && loyalty.discountMinor > 0) {
    const amount = format.money(-loyalty.discountMinor, currency);
    text = stage === 'live' ? t('charging:loyalty.discountSoFar', { amount, company }) : t('charging:loyalty.discount', { amount, company });
  } else if (loyalty.points !== null && stage === 'finished') {
    text = t('charging:loyalty.pointsEarned', { points: formatNumber(loyalty.points, i18n.language), company });
  } else {
    text = t('charging:loyalty.applies', { company, benefit: benefitText(t, loyalty.benefit, i18n.language) });
  }
  return (
    <p className="charge-loyalty" data-testid="charge-loyalty" data-kind={loyalty.benefit.kind} aria-live={stage === 'live' ? 'polite' : undefined}>
      <Icon name="star" size={18} />
      <span>{text}</span>
    </p>
  );
}
