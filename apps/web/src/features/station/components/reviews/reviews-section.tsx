import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { commentsPath } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { openLoginDialog } from '@/lib/login-dialog';
import { useSession } from '@/lib/session';
import { writeFromClient } from '@/lib/storage';
import { useReviewsQuery } from '../../api/reviews';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import { ReviewsVerdict } from '@/components/station/station-verdict';
import './reviews.css';

type ReviewsSectionProps = {
  stationId: string;
  /**
   * On the station page: only this many of the newest approved reviews, and a link to all of
   * them on their own screen (SPEC §2 comments) instead of paging here.
   */
  previewCount?: number;
  /** The card's own title; none where the screen's heading already names the reviews. */
  title?: string | null;
};

/**
 * SPEC §2 comments (station reviews), on the station page and as a screen of its own: the
 * verdict, the driver's own reviews waiting for a moderator, then the approved ones newest
 * first, and a way to write one.
 */
export function ReviewsSection({ stationId, previewCount, title }: ReviewsSectionProps) {
  const { t, i18n } = useTranslation('reviews');
  const session = useSession();
  const { pathname, search } = useLocation();
  const query = useReviewsQuery(stationId, session !== null);
  const first = query.data?.pages[0];
  const mine = first?.mine ?? [];
  const all = query.data?.pages.flatMap((page) => page.items) ?? [];
  const approved = previewCount === undefined ? all : all.slice(0, previewCount);
  const total = first?.total ?? 0;

  // SPEC §4: a visitor's protected action opens the login dialog, then comes back here.
  function signIn() {
    writeFromClient(pathname + search);
    openLoginDialog();
  }

  return (
    <Card title={title === undefined ? t('reviews:title') : (title ?? undefined)} className="reviews" testId="reviews-section">
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <Alert tone="error" testId="reviews-error">
          <p>{t('reviews:loadFailed')}</p>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('reviews:retry')}</Button>
        </Alert>
      )}
      {first && <ReviewsVerdict verdict={first.verdict} />}
      {session ? (
        <ReviewForm stationId={stationId} headingLevel={title === null ? 2 : 3} />
      ) : (
        <div className="reviews__sign-in" data-testid="reviews-sign-in">
          <p>{t('reviews:signIn.text')}</p>
          <Button variant="secondary" icon="login" onClick={signIn} data-testid="reviews-sign-in-button">{t('reviews:signIn.action')}</Button>
        </div>
      )}
      {first && (
        <div aria-live="polite" className="reviews__lists">
          {mine.length > 0 && (
            <ul className="reviews__list" data-testid="reviews-mine">
              {mine.map((review) => <ReviewItem key={review.id} review={review} stationId={stationId} />)}
            </ul>
          )}
          {approved.length > 0 ? (
            <ul className="reviews__list" data-testid="reviews-approved">
              {approved.map((review) => <ReviewItem key={review.id} review={review} stationId={stationId} />)}
            </ul>
          ) : (
            // The driver's own review waits for a moderator: it is the first, so no "be the first".
            <p className="reviews__empty muted" data-testid="reviews-empty">{t(mine.length > 0 ? 'reviews:emptyButMine' : 'reviews:empty')}</p>
          )}
        </div>
      )}
      {previewCount !== undefined && total > 0 && (
        <ButtonLink to={commentsPath(stationId)} variant="secondary" icon="list" className="reviews__all" data-testid="reviews-all">
          {t('reviews:all', { count: formatNumber(total, i18n.language) })}
        </ButtonLink>
      )}
      {previewCount === undefined && query.hasNextPage && (
        <Button variant="secondary" className="reviews__more" isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()} data-testid="reviews-more">
          {t('reviews:showMore')}
        </Button>
      )}
    </Card>
  );
}
