import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { benefitText, groupedNumber } from '@/components/loyalty/loyalty-text';
import { formatNumber } from '@/lib/format';

type LoyaltyCardFaceProps = { card: LoyaltyCard; size?: 'small' | 'large' };

/**
 * A loyalty card as its programme prints it: the company's colours and logo, the card's name,
 * what it gives, the points collected on a points card, and the number in groups for reading.
 */
export function LoyaltyCardFace({ card, size = 'small' }: LoyaltyCardFaceProps) {
  const { t, i18n } = useTranslation('loyalty');
  const { company } = card;
  return (
    <span className={`loyalty-face loyalty-face--${size}`} style={{ backgroundColor: company.color, color: company.textColor }}>
      <span className="loyalty-face__top">
        {company.logoUrl
          ? <img className="loyalty-face__logo" src={company.logoUrl} alt="" width={40} height={40} />
          : <span className="loyalty-face__logo loyalty-face__logo--letter" aria-hidden="true">{company.name.slice(0, 1)}</span>}
        <span className="loyalty-face__names">
          <span className="loyalty-face__company" data-testid="loyalty-card-company">{company.name}</span>
          {card.name && <span className="loyalty-face__name" data-testid="loyalty-card-name">{card.name}</span>}
        </span>
        {card.isDefault && <span className="loyalty-face__default" data-testid="loyalty-card-default">{t('loyalty:card.default')}</span>}
      </span>
      <span className="loyalty-face__benefit" data-testid="loyalty-card-benefit">{benefitText(t, company.benefit, i18n.language)}</span>
      {card.points !== null && (
        <span className="loyalty-face__points" data-testid="loyalty-card-points">
          {t('loyalty:card.points', { points: formatNumber(card.points, i18n.language) })}
        </span>
      )}
      <span className="loyalty-face__number" data-testid="loyalty-card-number">{groupedNumber(card.number)}</span>
    </span>
  );
}
