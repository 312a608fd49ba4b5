import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { connectorAvailability } from '@evcharge/domain/connector-status';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { powerKwText } from '@/components/charge/charge-text';
import { TariffItems } from '@/components/station/tariff-items';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';

type Connector = StationDetail['connectors'][number];

// A roaming partner's prices need the OCPI tariff maths: loaded only at such a station.
const RoamingConnectorPrices = lazy(() => import('./roaming-connector-prices').then((module) => ({ default: module.RoamingConnectorPrices })));

/** Where the driver is about to charge: station, connector, plug, power and the prices. */
export function ConnectorSummary({ station, connector }: { station: StationDetail; connector: Connector }) {
  const { t, i18n } = useTranslation('charging');
  return (
    <Card className="connector-summary" testId="precharge-connector">
      <div className="connector-summary__head">
        <span className="connector-summary__number" aria-hidden="true">{connector.number}</span>
        <div className="connector-summary__where">
          <h2 className="connector-summary__station">{station.name}</h2>
          <p className="muted small">
            <Icon name="pin" size={14} className="connector-summary__pin" />
            {station.address}
          </p>
        </div>
      </div>
      <dl className="connector-summary__facts">
        <div>
          <dt>{t('charging:connector.number')}</dt>
          <dd data-testid="precharge-connector-number">{connector.number}</dd>
        </div>
        <div>
          <dt>{t('charging:connector.socket')}</dt>
          <dd>{socketTypeLabel(connector.socketType)}</dd>
        </div>
        <div>
          <dt>{t('charging:connector.power')}</dt>
          <dd>{powerKwText(t, connector.powerKw * 1000, i18n.language)} · {connector.currentType}</dd>
        </div>
        <div>
          <dt>{t('charging:connector.status')}</dt>
          <dd className={`connector-summary__status connector-summary__status--${connectorAvailability(connector.status)}`} data-testid="precharge-connector-status" data-status={connector.status}>
            <span className="connector-summary__dot" aria-hidden="true" />
            {t(`station:status.${connector.status}`)}
          </dd>
        </div>
      </dl>
      {station.tariff && (
        <section aria-labelledby="precharge-tariff-title" className="connector-summary__tariff">
          <h3 id="precharge-tariff-title" className="connector-summary__tariff-title">{t('charging:connector.tariff')}</h3>
          <TariffItems tariff={station.tariff} freeIdleMinutes={station.freeIdleMinutes} testId="precharge-tariff" />
        </section>
      )}
      {station.roaming && (
        <Suspense fallback={<Spinner label={t('common:loading')} />}>
          <RoamingConnectorPrices terms={station.roaming} connector={connector} />
        </Suspense>
      )}
    </Card>
  );
}
