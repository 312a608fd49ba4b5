import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { paths } from '@/app/paths';
import { FavouriteButton } from '@/components/station/favourite-button';
import { StationListItem } from '@/components/station/station-list-item';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useFavouriteMutation, useLikedStationsQuery } from '@/lib/favourites-query';
import '@/components/charge/charge.css';
import './favourites.css';

/**
 * favourites (SPEC §2): the driver's liked stations with their live status, as the map's list
 * shows them, each a link to its page and a heart to take it out again (with an undo).
 */
export function FavouritesPage() {
  const { t } = useTranslation('station');
  const query = useLikedStationsQuery();
  const change = useFavouriteMutation();
  const [removed, setRemoved] = useState<StationSummary | null>(null);
  const items = query.data ?? [];
  useDocumentTitle(t('station:favourites.title'));

  function remove(station: StationSummary) {
    setRemoved(station);
    // A failed removal puts the station back (the cache is restored): no undo to offer then.
    change.mutate({ stationId: station.id, isFavourite: false }, { onError: () => setRemoved(null) });
  }

  function undo(station: StationSummary) {
    setRemoved(null);
    change.mutate({ stationId: station.id, isFavourite: true });
  }

  return (
    <div className="favourites" data-testid="favourites-page">
      <header className="favourites__header">
        <h1>{t('station:favourites.title')}</h1>
        {items.length > 0 && <p className="muted" data-testid="favourites-count">{t('station:favourites.count', { count: items.length })}</p>}
      </header>
      {change.isError && (
        <Alert tone="error" testId="favourites-change-error"><p>{errorText(t, change.error)}</p></Alert>
      )}
      {removed && (
        <div className="favourites__removed" role="status" data-testid="favourites-removed">
          <p>{t('station:favourites.removed', { station: removed.name })}</p>
          <Button variant="secondary" onClick={() => undo(removed)} data-testid="favourites-undo">{t('station:favourites.undo')}</Button>
        </div>
      )}
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="favourites-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && items.length === 0 && (
        <section className="charging-empty" data-testid="favourites-empty">
          <span className="charging-empty__icon" aria-hidden="true"><Icon name="heart" size={36} /></span>
          <h2>{t('station:favourites.emptyTitle')}</h2>
          <p className="muted">{t('station:favourites.emptyText')}</p>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('station:favourites.toMap')}</ButtonLink>
        </section>
      )}
      {items.length > 0 && (
        <ol className="favourites__list" data-testid="favourites-list">
          {items.map((station) => (
            <li key={station.id} className="favourites__item">
              <StationListItem station={station} />
              <FavouriteButton
                stationId={station.id}
                stationName={station.name}
                isFavourite
                onToggle={() => remove(station)}
                testId="favourites-remove"
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
