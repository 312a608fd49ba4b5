import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StationListItem } from '@/components/station/station-list-item';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useStationListQuery } from '../api/list-stations';
import { filterToRequest, type LatLng, type StationFilterState } from '../model/filter';
import { revealInScroller } from '../model/reveal-row';
import type { PointedStation } from '../model/station-focus';
import { pointedStation } from '../model/station-place';
import { useKeptFocus } from './use-kept-focus';
import './station-list.css';

type StationListProps = {
  filter: StationFilterState;
  origin: LatLng;
  isLocated: boolean;
  isSignedIn: boolean;
  /** Beside the map: the rows of the stations pointed at on the map (a marker's, or a cluster's). */
  markedIds?: ReadonlySet<string> | null;
  /** Beside the map: the station whose row is under the pointer (or holds focus), or null. */
  onHover?: (station: PointedStation | null, by: 'pointer' | 'focus') => void;
  /** Beside the map: a row clicked (or Enter on it) opens the station's summary there, not its page. */
  onOpen?: (station: PointedStation) => void;
};

/** The stations as a list of links, nearest first: the keyboard and screen-reader way in. */
export function StationList({ filter, origin, isLocated, isSignedIn, markedIds = null, onHover, onOpen }: StationListProps) {
  const { t } = useTranslation('map');
  const body = filterToRequest(filter, { origin, sortByDistance: true });
  const query = useStationListQuery(body, isSignedIn);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  // Nearest first the server counts on only so far: then there are at least `total`, more than total - 1.
  const isExact = pages[0]?.totalIsExact !== false;
  const totalText = isExact ? String(total) : `${total - 1}+`;
  const emptyReason = pages[0]?.emptyReason ?? null;
  const listRef = useRef<HTMLOListElement>(null);
  const keptFocus = useKeptFocus();

  // Beside the map, a marked row (the first, for a cluster's) comes into the panel's view (the
  // panel scrolls, not the page); focus stays where it is. A list hidden behind a station's
  // summary has nothing to show.
  const firstMarkedId = markedIds ? items.find((station) => markedIds.has(station.id))?.id : undefined;
  useEffect(() => {
    if (!firstMarkedId || !onHover) return;
    const row = [...(listRef.current?.children ?? [])].find((child) => (child as HTMLElement).dataset.stationId === firstMarkedId) as HTMLElement | undefined;
    const scroller = row?.closest<HTMLElement>('[data-scroll-panel]');
    if (row && scroller && row.offsetParent !== null) revealInScroller(scroller, row);
  }, [firstMarkedId, onHover]);

  return (
    <section className="station-list" aria-labelledby="station-list-title" data-testid="station-list">
      <div className="station-list__head">
        <h2 id="station-list-title">{t('map:list.title')}</h2>
        <p className="muted small" aria-live="polite" data-testid="station-list-summary">
          {isLocated ? t('map:list.fromYou') : t('map:list.fromMapCentre')}
          {query.isSuccess && ` · ${isExact ? t('map:list.count', { count: total }) : t('map:list.countAtLeast', { count: total - 1 })}`}
        </p>
      </div>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && (
        <div className="stack">
          <Alert tone="error" testId="station-list-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.isSuccess && items.length === 0 && (
        <Alert tone="info" testId="station-list-empty">
          <p data-reason={emptyReason ?? 'NO_STATIONS_FOUND'}>{t(`map:empty.${emptyReason ?? 'NO_STATIONS_FOUND'}`)}</p>
        </Alert>
      )}
      {items.length > 0 && (
        <ol className="station-list__items" ref={listRef} onFocus={keptFocus.onFocus} onBlur={keptFocus.onBlur}>
          {items.map((station) => (
            <li
              key={station.id}
              className="station-list__row"
              data-station-id={station.id}
              data-marked={markedIds?.has(station.id) || undefined}
              onPointerEnter={onHover && (() => onHover(pointedStation(station), 'pointer'))}
              onPointerLeave={onHover && (() => onHover(null, 'pointer'))}
              onFocus={onHover && (() => onHover(pointedStation(station), 'focus'))}
              onBlur={onHover && (() => onHover(null, 'focus'))}
            >
              <StationListItem station={station} onOpen={onOpen && ((chosen) => onOpen(pointedStation(chosen)))} />
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          block
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="station-list-more"
        >
          {t('map:list.more', { shown: items.length, total: totalText })}
        </Button>
      )}
    </section>
  );
}
