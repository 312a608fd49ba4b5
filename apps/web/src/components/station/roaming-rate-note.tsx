import { useTranslation } from 'react-i18next';
import type { RoamingPrice as RoamingTerms } from '@evcharge/api/stations/station-schemas';
import { Alert } from '@/components/ui/alert';
import { formatNumber } from '@/lib/format';
import { formatRate } from './roaming-prices';
import './roaming-price-items.css';

/**
 * SPEC §1 roaming: the rate and our markup, shown before the start ("1 EUR = ₽98.50, our fee of
 * 10% included"), or that this wallet cannot pay here when we have no rate into its currency.
 */
export function RoamingRateNote({ terms, partnerCurrency }: { terms: RoamingTerms; partnerCurrency: string }) {
  const { t, i18n } = useTranslation('station');
  const language = i18n.language;
  const partner = partnerCurrency.toUpperCase();
  const wallet = terms.walletCurrency.toUpperCase();
  if (terms.rate === null) {
    return (
      <Alert tone="warning" title={t('station:roaming.noRateTitle')} testId="roaming-no-rate">
        <p>{t('station:roaming.noRate', { wallet, partner })}</p>
      </Alert>
    );
  }
  const fee = formatNumber(terms.markupPercent / 100, language, { style: 'percent', maximumFractionDigits: 2 });
  const parts = [
    partner === wallet ? null : t('station:roaming.rate', { partner, rate: formatRate(terms.rate, terms.walletCurrency, language) }),
    terms.markupPercent > 0 ? t('station:roaming.fee', { fee }) : t('station:roaming.noFee'),
  ].filter((part): part is string => part !== null);
  return <p className="roaming-note" data-testid="roaming-rate">{parts.join(' · ')}</p>;
}
