import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { stationTimeText } from './station-time';
import './connector-hold.css';

type ConnectorHoldProps = {
  connector: { reservedUntil: string | null; isReservedByMe: boolean };
  utcOffsetMinutes: number;
  /** The driver's own reservation on it (the reserve screen finds it by the connector). */
  reservationTo: string;
  testIdPrefix?: string;
};

/**
 * SPEC §4 Reserved: a connector held by a reservation says until when, at the station's
 * time; the driver's own links to it. Texts of the `station` namespace.
 */
export function ConnectorHold({ connector, utcOffsetMinutes, reservationTo, testIdPrefix = 'connector' }: ConnectorHoldProps) {
  const { t, i18n } = useTranslation('station');
  if (connector.reservedUntil === null) return null;
  const time = stationTimeText(connector.reservedUntil, utcOffsetMinutes, i18n.language);
  if (connector.isReservedByMe)
    return (
      <p className="connector-hold connector-hold--mine" data-testid={`${testIdPrefix}-reserved-by-me`}>
        <Icon name="calendar" size={16} />
        <span>{t('station:reserve.byYouUntil', { time })}</span>
        <Link to={reservationTo} className="connector-hold__link" data-testid={`${testIdPrefix}-my-reservation`}>{t('station:reserve.open')}</Link>
      </p>
    );
  return (
    <p className="connector-hold" data-testid={`${testIdPrefix}-reserved-until`}>
      <Icon name="lock" size={16} />
      <span>{t('station:reserve.until', { time })}</span>
    </p>
  );
}
