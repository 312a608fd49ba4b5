import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { RoamingPriceItems } from '@/components/station/roaming-price-items';
import { roamingTariffView } from '@/components/station/roaming-prices';
import { RoamingRateNote } from '@/components/station/roaming-rate-note';

type Connector = StationDetail['connectors'][number];
type RoamingTerms = NonNullable<StationDetail['roaming']>;

/**
 * SPEC §1 roaming, shown before the start: the partner's tariff of this connector as the driver
 * pays it (markup and rate included), and the rate, or that this wallet cannot pay here.
 */
export function RoamingConnectorPrices({ terms, connector }: { terms: RoamingTerms; connector: Connector }) {
  const { t } = useTranslation('charging');
  const tariff = terms.tariffs.find((item) => item.id === connector.roamingTariffId);
  return (
    <section aria-labelledby="precharge-tariff-title" className="connector-summary__tariff" data-testid="precharge-roaming">
      <h3 id="precharge-tariff-title" className="connector-summary__tariff-title">{t('charging:connector.tariff')}</h3>
      <p className="muted small" data-testid="precharge-roaming-operator">{t('charging:connector.roamingOperator', { operator: terms.operator })}</p>
      {tariff ? (
        <>
          <RoamingPriceItems view={roamingTariffView(tariff, terms)} walletCurrency={terms.walletCurrency} testId="precharge-roaming-prices" />
          <RoamingRateNote terms={terms} partnerCurrency={tariff.currency} />
        </>
      ) : (
        <p className="muted small" data-testid="precharge-roaming-unpriced">{t('charging:connector.roamingUnpriced')}</p>
      )}
    </section>
  );
}
