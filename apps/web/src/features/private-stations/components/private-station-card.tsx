import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { sharingSchedulePath } from '@/app/charge-paths';
import { powerText } from '@/components/station/power-text';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { OwnerConnector } from './owner-connector';
import { ReleaseDialog } from './release-dialog';

type Session = PrivateStation['sessions'][number];

function SessionRow({ session }: { session: Session }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const at = session.startedAt ?? session.stoppedAt;
  return (
    <li className="owner-session" data-testid="owner-session" data-own={session.isOwn} data-transaction-id={session.transactionId}>
      <div className="owner-session__who">
        <strong>{session.isOwn ? t('profile:privateStations.station.own') : t('profile:privateStations.station.other')}</strong>
        <span className="muted small">
          {t('station:connectors.number', { number: session.connectorNumber })}
          {at && <> · <time dateTime={at}>{format.date(at, { dateStyle: 'medium', timeStyle: 'short' })}</time></>}
        </span>
      </div>
      <div className="owner-session__figures">
        <span className="small">{t(`charging:status.${session.status}`, { defaultValue: session.status })}</span>
        <span className="small">{t('charging:units.kwh', { value: format.number(session.energyWh / 1000, { maximumFractionDigits: 2 }) })}</span>
        {session.isOwn
          ? <span className="small muted">{t('profile:privateStations.station.free')}</span>
          : <span className="small">{format.money(session.costMinor, session.currency)}</span>}
        {session.earnedMinor !== null && (
          <span className="owner-session__earned" data-testid="owner-session-earned">
            {t('profile:privateStations.station.earned', { amount: format.money(session.earnedMinor, session.currency) })}
          </span>
        )}
      </div>
    </li>
  );
}

/** One of the owner's stations: its state, connectors, latest sessions, earnings and actions. */
export function PrivateStationCard({ station }: { station: PrivateStation }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const [isReleasing, setReleasing] = useState(false);
  const titleId = `owner-station-${station.id}`;
  const sharing = !station.isShared ? 'notShared' : station.isSharedNow ? 'sharedNow' : 'notSharedNow';
  return (
    <li className="owner-station card" data-testid="owner-station" data-code={station.code} aria-labelledby={titleId}>
      <header className="owner-station__head">
        <div className="owner-station__title">
          <h2 id={titleId} className="owner-station__name">{station.name}</h2>
          <p className="muted small">
            {t('profile:privateStations.station.code', { code: station.code })} · {station.address}
          </p>
        </div>
        <div className="owner-station__badges">
          <Badge tone={station.isOnline ? 'success' : 'warning'} testId="owner-online">
            {station.isOnline ? t('profile:privateStations.station.online') : t('profile:privateStations.station.offline')}
          </Badge>
          <Badge tone={sharing === 'sharedNow' ? 'success' : 'neutral'} testId="owner-sharing">
            {t(`profile:privateStations.station.${sharing}`)}
          </Badge>
        </div>
      </header>

      <section className="owner-station__section" aria-labelledby={`${titleId}-connectors`}>
        <h3 id={`${titleId}-connectors`} className="owner-station__subtitle">{t('profile:privateStations.station.connectors')}</h3>
        <ul className="owner-connectors">
          {station.connectors.map((connector) => (
            <OwnerConnector key={connector.id} connector={connector} isOnline={station.isOnline}
              power={powerText(t, connector.powerKw, format.language)} socket={socketTypeLabel(connector.socketType)} />
          ))}
        </ul>
      </section>

      <section className="owner-station__section" aria-labelledby={`${titleId}-sessions`}>
        <h3 id={`${titleId}-sessions`} className="owner-station__subtitle">{t('profile:privateStations.station.sessions')}</h3>
        {station.sessions.length === 0
          ? <p className="muted small">{t('profile:privateStations.station.noSessions')}</p>
          : <ul className="owner-sessions">{station.sessions.map((s) => <SessionRow key={s.transactionId} session={s} />)}</ul>}
        <p className="owner-station__earned" data-testid="owner-station-earned">
          {t('profile:privateStations.station.earnedTotal', {
            amount: station.earned.length === 0
              ? format.money(0, station.sessions[0]?.currency ?? 'rub')
              : station.earned.map((e) => format.money(e.amountMinor, e.currency)).join(' · '),
          })}
        </p>
      </section>

      <div className="owner-station__actions">
        <ButtonLink to={sharingSchedulePath(station.id)} variant="primary" icon="calendar" data-testid="owner-schedule-link">
          {t('profile:privateStations.station.schedule')}
        </ButtonLink>
        <Button variant="ghost" icon="trash" onClick={() => setReleasing(true)} data-testid="owner-release">
          {t('profile:privateStations.release.action')}
        </Button>
      </div>
      <ReleaseDialog station={station} open={isReleasing} onClose={() => setReleasing(false)} />
    </li>
  );
}
