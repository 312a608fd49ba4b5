import { useTranslation } from 'react-i18next';
import { brandName } from '@/lib/card-name';

/** "Visa •••• 4242"; screen readers hear "Visa card ending in 4242" instead of the dots. */
export function CardNumber({ brand, last4, testId }: { brand: string; last4: string; testId?: string }) {
  const { t } = useTranslation('payments');
  const name = brandName(brand);
  return (
    <span className="card-number" data-testid={testId}>
      <span aria-hidden="true">{name ? `${name} ` : ''}<span className="card-number__digits"><span className="card-number__dots">••••</span> {last4}</span></span>
      <span className="visually-hidden">{t('payments:card.ending', { brand: name, last4 })}</span>
    </span>
  );
}
