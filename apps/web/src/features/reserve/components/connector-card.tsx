import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { socketTypeIds, socketTypeLabel, type SocketTypeId } from '@evcharge/domain/socket-type';
import { powerText } from '@/components/station/power-text';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';

type ConnectorCardProps = {
  stationName: string;
  address: string;
  number: number;
  /** A reservation names it as text: a plug this app does not know shows as sent. */
  socketType: string;
  powerKw: number;
  children?: ReactNode;
};

// Not domain's isSocketType: the map home's first load carries socket-type without it.
const isKnown = (id: string): id is SocketTypeId => (socketTypeIds as readonly string[]).includes(id);

/** Where the reservation holds: the station, then the connector's number, plug and power. */
export function ConnectorCard({ stationName, address, number, socketType, powerKw, children }: ConnectorCardProps) {
  const { t, i18n } = useTranslation('reserve');
  return (
    <Card className="reserve-connector" testId="reserve-connector">
      <div className="reserve-connector__head">
        <span className="reserve-connector__number" aria-hidden="true">{number}</span>
        <div className="reserve-connector__where">
          <h2 className="reserve-connector__station" data-testid="reserve-station-name">{stationName}</h2>
          <p className="muted small"><Icon name="pin" size={14} />{address}</p>
        </div>
      </div>
      <dl className="reserve-facts">
        <div><dt>{t('charging:connector.number')}</dt><dd data-testid="reserve-connector-number">{number}</dd></div>
        <div><dt>{t('charging:connector.socket')}</dt><dd>{isKnown(socketType) ? socketTypeLabel(socketType) : socketType}</dd></div>
        <div><dt>{t('charging:connector.power')}</dt><dd>{powerText(t, powerKw, i18n.language)}</dd></div>
      </dl>
      {children}
    </Card>
  );
}
