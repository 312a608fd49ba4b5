import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stationPath } from '@/app/paths';
import { placeLines } from '@/components/station/place-text';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { useStationQuery } from '@/lib/station-query';
import { isStationId } from '../model/station-id';
import { ReviewsSection } from './reviews/reviews-section';
import { StationProblem, StationQueryProblem } from './station-problem';
import './station.css';

/**
 * comments (SPEC §2): a station's reviews at `?id=<guid>`, as detailStation names its station.
 * Everyone reads them, newest first with the verdict and the photos; a signed-in driver writes
 * one here and sees their own waiting for a moderator; a visitor is asked to sign in.
 */
export function CommentsPage() {
  const { t } = useTranslation('reviews');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const session = useSession();
  const isValidId = isStationId(id);
  const query = useStationQuery(isValidId ? id : null, session !== null);
  useDocumentTitle(
    query.data ? t('reviews:page.documentTitle', { name: query.data.name }) : t('reviews:title'),
  );

  if (!isValidId)
    return (
      <div className="station">
        <StationProblem code="STATION_NOT_FOUND" />
      </div>
    );
  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError) {
    return (
      <div className="station">
        <StationQueryProblem error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const station = query.data;
  const place = placeLines(station);
  return (
    <article className="station comments" data-testid="comments-page" data-station-id={station.id}>
      <ButtonLink
        to={stationPath(station.id)}
        variant="ghost"
        icon="arrowLeft"
        className="station__back"
        data-testid="comments-back"
      >
        {t('reviews:page.back')}
      </ButtonLink>
      <header className="card comments__head">
        <h1>{t('reviews:title')}</h1>
        <p className="comments__station" data-testid="comments-station">
          <Icon name="pin" size={20} />
          <span>
            <strong>{station.name}</strong>
            <br />
            <span className="muted">{place.address}</span>
          </span>
        </p>
      </header>
      <ReviewsSection stationId={station.id} title={null} />
    </article>
  );
}
