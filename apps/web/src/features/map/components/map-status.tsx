import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import type { StationPoints } from '../model/cluster-index';
import { filterHref } from '../model/filter-link';

/** What the map is doing, over it: loading, failed (with retry) or why it is empty. */
export function MapStatus({ query }: { query: UseQueryResult<StationPoints> }) {
  const { t } = useTranslation('map');
  const isSignedIn = useSession() !== null;
  if (query.isError && !query.data) {
    return (
      <div className="map-status map-status--error" role="alert" data-testid="map-error">
        <span>{errorText(t, query.error)}</span>
        <button type="button" className="map-status__action" onClick={() => void query.refetch()}>{t('common:retry')}</button>
      </div>
    );
  }
  const reason = query.data?.emptyReason;
  if (reason && !query.isFetching) {
    return (
      <div className="map-status" role="status" data-testid="map-empty" data-reason={reason}>
        <span>{t(`map:empty.${reason}`)}</span>
        {reason === 'NO_MATCHING_PORTS' && (
          <Link className="map-status__action" to={filterHref(isSignedIn)}>{t('map:changeFilter')}</Link>
        )}
      </div>
    );
  }
  return (
    <div className="map-status map-status--quiet" role="status" data-testid="map-loading" data-busy={query.isFetching}>
      {query.isFetching && <span className="map-status__busy">{t('map:loadingStations')}</span>}
    </div>
  );
}
