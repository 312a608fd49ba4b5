import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { connectorAvailability } from '@evcharge/domain/connector-status';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { ConnectorHold } from '@/components/station/connector-hold';
import { powerText } from '@/components/station/power-text';
import { stationTimeText } from '@/components/station/station-time';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useConnection } from '@/lib/connection';
import { formatDate, formatNumber } from '@/lib/format';
import { relativeTime } from '@/components/station/relative-time';

type Connector = StationDetail['connectors'][number];

/** Reserve it: the reserve screen for a driver, the sign-in prompt for a visitor. */
export type ReserveAction = { to: string } | { onSignIn: () => void };

type ConnectorRowProps = {
  connector: Connector;
  isChosen: boolean;
  /** The start-charge screen for this connector, when the driver may start here now. */
  startTo?: string | undefined;
  /** Someone else's reservation holds it: the start stays visible, disabled, with the reason. */
  isStartHeld?: boolean;
  reserve?: ReserveAction | undefined;
  /** The RFID wizard at this connector (SPEC §4), where the station has a reader. */
  rfidTo?: string | undefined;
  /** The station's offset: reservation times are its wall clock. */
  utcOffsetMinutes: number;
  reservationTo: string;
  ref?: Ref<HTMLLIElement> | undefined;
};

export function ConnectorRow({ connector, isChosen, startTo, isStartHeld = false, reserve, rfidTo, utcOffsetMinutes, reservationTo, ref }: ConnectorRowProps) {
  const { t, i18n } = useTranslation('station');
  const language = i18n.language;
  const availability = connectorAvailability(connector.status);
  const since = new Date(connector.statusSince);
  const hasSince = !Number.isNaN(since.getTime());
  // Starting and reserving are the server's to do: offline they wait, saying so (SPEC §2).
  // The note is written out where it is used (here, the start, stop, reserve, pay and top-up
  // forms): a shared component would be one more file the first load's route table names.
  const { isOnline } = useConnection();
  return (
    <li
      ref={ref}
      className={isChosen ? 'connector connector--chosen' : 'connector'}
      data-testid="connector-row"
      data-connector={connector.number}
      data-status={connector.status}
      data-chosen={isChosen || undefined}
      aria-current={isChosen ? 'true' : undefined}
    >
      <div className="connector__head">
        <span className="connector__number" aria-hidden="true">{connector.number}</span>
        <span className="connector__name">
          <span className="visually-hidden">{t('station:connectors.number', { number: connector.number })} </span>
          {socketTypeLabel(connector.socketType)}
        </span>
        {connector.chargeClass === 'fast' && (
          <span className="connector__fast"><Icon name="bolt" size={14} />{t('common:chargeClass.fast')}</span>
        )}
        {isChosen && <span className="connector__chosen" data-testid="connector-chosen">{t('station:connectors.chosen')}</span>}
      </div>
      <p className="connector__code muted small" data-testid="connector-code">{t('station:connectors.code', { code: connector.qrCode })}</p>
      <dl className="connector__facts">
        <div><dt>{t('station:connectors.power')}</dt><dd>{powerText(t, connector.powerKw, language)}</dd></div>
        <div><dt>{t('station:connectors.current')}</dt><dd>{connector.currentType}</dd></div>
        <div><dt>{t('station:connectors.amperage')}</dt><dd>{t('station:connectors.amps', { value: formatNumber(connector.amperage, language) })}</dd></div>
      </dl>
      <p className={`connector__status connector__status--${availability}`} data-testid="connector-status">
        <span className="connector__dot" aria-hidden="true" />
        <strong>{t(`station:status.${connector.status}`)}</strong>
        {hasSince && (
          <span className="connector__since">
            {t('station:connectors.since', { relative: relativeTime(since, new Date(), language) })}
            {' · '}
            <time dateTime={connector.statusSince}>{formatDate(since, language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </span>
        )}
      </p>
      <ConnectorHold connector={connector} utcOffsetMinutes={utcOffsetMinutes} reservationTo={reservationTo} />
      {(startTo || isStartHeld || reserve || rfidTo) && (
        <div className="connector__actions">
          {startTo && isOnline && (
            // From a QR code the driver stands at this connector: starting is the one thing to do.
            <ButtonLink to={startTo} variant={isChosen ? 'primary' : 'secondary'} icon="bolt" className="connector__start" data-testid="connector-start">
              {t('station:connectors.start')}
            </ButtonLink>
          )}
          {startTo && !isOnline && (
            <Button variant={isChosen ? 'primary' : 'secondary'} icon="bolt" className="connector__start" disabled data-testid="connector-start">
              {t('station:connectors.start')}
              <span className="visually-hidden"> ({t('errors:offline.needsConnection')})</span>
            </Button>
          )}
          {isStartHeld && connector.reservedUntil && (
            <Button variant="secondary" icon="bolt" className="connector__start" disabled data-testid="connector-start-held">
              {t('station:connectors.start')}
              <span className="visually-hidden"> ({t('station:reserve.until', { time: stationTimeText(connector.reservedUntil, utcOffsetMinutes, language) })})</span>
            </Button>
          )}
          {reserve && <ReserveButton reserve={reserve} number={connector.number} isOnline={isOnline} />}
          {rfidTo && (
            <ButtonLink to={rfidTo} variant="ghost" icon="card" className="connector__start" aria-label={t('station:connectors.bindRfidFor', { number: connector.number })} data-testid="connector-rfid">
              {t('station:connectors.bindRfid')}
            </ButtonLink>
          )}
          {(startTo || reserve) && !isOnline && <p className="needs-connection muted small" role="status" data-testid="needs-connection">{t('errors:offline.needsConnection')}</p>}
        </div>
      )}
    </li>
  );
}

function ReserveButton({ reserve, number, isOnline }: { reserve: ReserveAction; number: number; isOnline: boolean }) {
  const { t } = useTranslation('station');
  // The name says which connector (a row of several); it begins with the visible word.
  const common = { variant: 'secondary', icon: 'calendar', className: 'connector__start', 'aria-label': t('station:reserve.actionFor', { number }), 'data-testid': 'connector-reserve' } as const;
  if (!isOnline) return <Button {...common} disabled>{t('station:reserve.action')}</Button>;
  if ('to' in reserve) return <ButtonLink to={reserve.to} {...common}>{t('station:reserve.action')}</ButtonLink>;
  return <Button onClick={reserve.onSignIn} {...common}>{t('station:reserve.action')}</Button>;
}
