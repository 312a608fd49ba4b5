import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { RoamingPriceItems } from '@/components/station/roaming-price-items';
import { formatApproxMoney, formatPartnerPrice, isoMinorDigits, roamingEstimate, roamingTariffView, tariffsInUse } from '@/components/station/roaming-prices';
import { RoamingRateNote } from '@/components/station/roaming-rate-note';
import { Card } from '@/components/ui/card';
import { formatNumber, formatUtcOffset } from '@/lib/format';
import { toBcp47 } from '@/lib/i18n';

type RoamingStation = StationDetail & { roaming: NonNullable<StationDetail['roaming']> };
type Connector = StationDetail['connectors'][number];

/** The example session of the estimate: SPEC §1 roaming, "about X for 20 kWh". */
const EXAMPLE_ENERGY_WH = 20_000;

/**
 * SPEC §1 roaming: a partner operator's station is priced by its OCPI 2.2.1 tariffs. Each tariff
 * its connectors use, converted into the driver's wallet currency with our markup, the partner's
 * own price beside it, the conditions in words and an example session.
 */
export function RoamingTariffCard({ station, now = new Date() }: { station: RoamingStation; now?: Date }) {
  const { t, i18n } = useTranslation('station');
  const language = i18n.language;
  const { roaming } = station;
  const groups = tariffsInUse(station.connectors, roaming.tariffs);
  const unpriced = station.connectors.filter((c) => !groups.some((group) => group.connectors.includes(c)));
  const partnerCurrency = groups[0]?.tariff.currency ?? roaming.tariffs[0]?.currency;
  // OCPI 2.2.1 §11.4.6: times, days and dates of the restrictions are the station's local ones.
  const hasLocalTimes = groups.some(({ tariff }) => tariff.elements.some(({ restrictions: r }) => r && (r.start_time || r.end_time || r.day_of_week?.length || r.start_date || r.end_date)));
  const connectorText = (c: Connector) => t('station:roaming.connector', { number: c.number, socket: socketTypeLabel(c.socketType) });

  return (
    <Card title={t('station:roaming.title')} testId="station-roaming-tariff">
      <p className="roaming-note" data-testid="roaming-operator">{t('station:roaming.operatedBy', { operator: roaming.operator })}</p>
      {partnerCurrency && <RoamingRateNote terms={roaming} partnerCurrency={partnerCurrency} />}
      {groups.map(({ tariff, connectors }) => {
        const view = roamingTariffView(tariff, roaming);
        const powerKw = Math.max(...connectors.map((c) => c.powerKw));
        const estimate = roamingEstimate(tariff, roaming, { energyWh: EXAMPLE_ENERGY_WH, powerKw, now, utcOffsetMinutes: station.utcOffsetMinutes });
        const amount = estimate.driverMinor === null
          ? formatPartnerPrice(estimate.partnerMinor / 10 ** isoMinorDigits(view.currency), view.currency, language)
          : formatApproxMoney(estimate.driverMinor, roaming.walletCurrency, language);
        const altText = view.altText.find((text) => text.language.toLowerCase() === toBcp47(language))?.text;
        const headingId = `roaming-tariff-${tariff.id}`;
        return (
          <section key={tariff.id} className="roaming-tariff" aria-labelledby={headingId} data-testid="roaming-tariff" data-tariff-id={tariff.id}>
            <h3 id={headingId} className="roaming-tariff__title">{connectors.map(connectorText).join(', ')}</h3>
            <RoamingPriceItems view={view} walletCurrency={roaming.walletCurrency} showsPartnerPrice testId="roaming-prices" />
            {altText && <p className="roaming-note" data-testid="roaming-alt-text">{altText}</p>}
            <p className="roaming-tariff__estimate" data-testid="roaming-estimate">
              {t('station:roaming.estimate', {
                amount,
                energy: formatNumber(EXAMPLE_ENERGY_WH / 1000, language),
                power: formatNumber(powerKw, language, { maximumFractionDigits: 1 }),
              })}
            </p>
          </section>
        );
      })}
      {hasLocalTimes && <p className="roaming-note" data-testid="roaming-station-time">{t('station:hours.stationTime', { offset: formatUtcOffset(station.utcOffsetMinutes) })}</p>}
      {unpriced.length > 0 && (
        <p className="roaming-note" data-testid="roaming-unpriced">{t('station:roaming.unpriced', { connectors: unpriced.map(connectorText).join(', ') })}</p>
      )}
    </Card>
  );
}
