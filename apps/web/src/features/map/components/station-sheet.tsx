import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { reserveConnectorPath } from '@/app/charge-paths';
import { stationPath } from '@/app/paths';
import { canReserve } from '@/components/charge/charge-rules';
import { AvailabilityBadge } from '@/components/station/availability-badge';
import { ConnectorHold } from '@/components/station/connector-hold';
import { FavouriteButton } from '@/components/station/favourite-button';
import { SheetVerdict } from '@/components/station/sheet-verdict';
import { addressWithCity } from '@/components/station/place-text';
import { StationStateBadge } from '@/components/station/station-state-badge';
import { distanceText, powerText } from '@/components/station/power-text';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { track } from '@/lib/analytics';
import { errorText } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useStationQuery } from '@/lib/station-query';
import { distanceKm } from '../model/bounds';
import type { LatLng } from '../model/filter';
import { connectorGroups } from '../model/connector-groups';
import './station-sheet.css';

type StationSheetProps = {
  id: string;
  located: LatLng | null;
  onClose: () => void;
  /** In the panel beside the map, in the list's place: a way back to the list instead of a close button. */
  isInPanel?: boolean;
};

/**
 * A tapped station in brief: a bottom sheet on phones, a card over the map on tablets, and in
 * the panel beside the map, where the list was, on wide screens. Escape closes it.
 */
export function StationSheet({ id, located, onClose, isInPanel = false }: StationSheetProps) {
  // The heart speaks the station page's texts: the sheet waits for them on its first opening.
  const { t, i18n } = useTranslation(['map', 'station']);
  const session = useSession();
  const query = useStationQuery(id, session !== null, { isLive: true });
  const ref = useRef<HTMLElement>(null);
  const station = query.data;

  // The sheet is new content the tap asked for: take keyboard and screen reader focus there.
  useEffect(() => {
    ref.current?.focus();
    // SPEC §1 counter: the funnel's second step (map → station opened).
    track('stationOpened');
  }, [id]);

  return (
    <aside
      ref={ref}
      className="station-sheet"
      aria-labelledby="station-sheet-title"
      tabIndex={-1}
      data-testid="station-sheet"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {isInPanel && (
        <Button variant="ghost" icon="arrowLeft" className="station-sheet__back" onClick={onClose} data-testid="station-sheet-back">
          {t('map:sheet.back')}
        </Button>
      )}
      <header className="station-sheet__header">
        <h2 id="station-sheet-title" className="station-sheet__title">{station?.name ?? t('map:sheet.title')}</h2>
        <div className="station-sheet__actions">
          {station && <FavouriteButton stationId={station.id} stationName={station.name} isFavourite={station.isFavourite} testId="station-sheet-favourite" />}
          {!isInPanel && (
            <button type="button" className="station-sheet__close" onClick={onClose} aria-label={t('common:close')} data-testid="station-sheet-close">
              <Icon name="close" size={22} />
            </button>
          )}
        </div>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && <Alert tone="error"><p>{errorText(t, query.error)}</p></Alert>}
      {station && (
        <div className="station-sheet__body">
          <p className="muted">{addressWithCity(station.address, station.city)}</p>
          <div className="row">
            <AvailabilityBadge availability={station.availability} free={station.freeConnectors} total={station.totalConnectors} testId="station-sheet-availability" />
            <StationStateBadge station={station} testId="station-sheet-state" />
            {located && <span className="muted small">{t('map:away', { distance: distanceText(distanceKm(located, station), i18n.language) })}</span>}
          </div>
          <ul className="station-sheet__connectors" aria-label={t('map:connectors')}>
            {connectorGroups(station.connectors).map((group) => (
              <li key={group.key}>
                <Icon name={group.isFast ? 'bolt' : 'plug'} size={18} />
                <span>{group.label} · {powerText(t, group.powerKw, i18n.language)} {group.currentType}</span>
                <span className="muted small">{t('map:freeOfShort', { free: group.free, total: group.total })}</span>
              </li>
            ))}
          </ul>
          <SheetVerdict stationId={station.id} />
          <SheetReserve station={station} />
          {(station.isRoaming || station.isLimitedAccess) && (
            <p className="muted small">
              {[station.isRoaming && t('map:roamingBy', { operator: station.roamingOperator ?? '—' }), station.isLimitedAccess && t('map:limitedAccess')]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          <ButtonLink to={stationPath(station.id)} variant="primary" icon="info" block data-testid="station-sheet-details">
            {t('map:sheet.details')}
          </ButtonLink>
        </div>
      )}
    </aside>
  );
}

type SheetStation = NonNullable<ReturnType<typeof useStationQuery>['data']>;

/**
 * SPEC §4 reserve, straight from the map: each connector that can be reserved, or is held by
 * a reservation (until when; the driver's own opens it). A visitor's tap is sent to sign in
 * by the route guard, as every signed-in screen opened from the map is.
 */
function SheetReserve({ station }: { station: SheetStation }) {
  const { t, i18n } = useTranslation(['map', 'station']);
  const canReserveHere = station.isOpenNow || station.supportsPeriodReservation;
  const shown = [...station.connectors]
    .sort((a, b) => a.number - b.number)
    .filter((c) => c.reservedUntil !== null || (canReserveHere && canReserve(c)));
  if (shown.length === 0) return null;
  return (
    <ul className="station-sheet__reserve" aria-label={t('station:reserve.title')} data-testid="station-sheet-reserve">
      {shown.map((connector) => {
        const to = reserveConnectorPath(station.id, connector.number);
        return (
          <li key={connector.id} data-testid="sheet-connector" data-connector={connector.number}>
            <span className="station-sheet__connector">
              <span className="station-sheet__number" aria-hidden="true">{connector.number}</span>
              <span className="visually-hidden">{t('station:connectors.number', { number: connector.number })} </span>
              {socketTypeLabel(connector.socketType)} · {powerText(t, connector.powerKw, i18n.language)}
            </span>
            {connector.reservedUntil !== null ? (
              <ConnectorHold connector={connector} utcOffsetMinutes={station.utcOffsetMinutes} reservationTo={to} testIdPrefix="sheet-connector" />
            ) : (
              <ButtonLink
                to={to}
                variant="secondary"
                icon="calendar"
                className="station-sheet__reserve-button"
                aria-label={t('station:reserve.actionFor', { number: connector.number })}
                data-testid="sheet-connector-reserve"
              >
                {t('station:reserve.action')}
              </ButtonLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
