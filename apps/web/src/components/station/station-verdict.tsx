import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import './station-verdict.css';
import { formatNumber } from '@/lib/format';
import { relativeTime } from './relative-time';
import { verdictOfReviews, type Verdict } from './verdict';

/** "Verified working": the last good session of ours here, and what the latest reviews say. */
export function ReviewsVerdict({ verdict, now = new Date() }: { verdict: Verdict; now?: Date }) {
  const { t, i18n } = useTranslation('reviews');
  const language = i18n.language;
  const reviews = verdictOfReviews(verdict);
  if (!verdict.lastChargedAt && !reviews) return null;
  return (
    <div className="reviews-verdict" data-testid="reviews-verdict">
      {verdict.lastChargedAt && (
        <p className="reviews-verdict__line reviews-verdict__line--ok" data-testid="reviews-verdict-charged">
          <Icon name="checkCircle" size={20} />
          <span>{t('reviews:verdict.lastCharged', { time: relativeTime(new Date(verdict.lastChargedAt), now, language) })}</span>
        </p>
      )}
      {reviews && (
        <p className={reviews.isMostlyBad ? 'reviews-verdict__line reviews-verdict__line--bad' : 'reviews-verdict__line reviews-verdict__line--ok'}
          data-testid="reviews-verdict-reviews" data-tone={reviews.isMostlyBad ? 'warning' : 'ok'}>
          <Icon name={reviews.isMostlyBad ? 'alert' : 'star'} size={20} />
          <span>
            {t(reviews.isMostlyBad ? 'reviews:verdict.notWorked' : 'reviews:verdict.worked', {
              worked: formatNumber(reviews.worked, language),
              count: formatNumber(reviews.count, language),
            })}
          </span>
        </p>
      )}
    </div>
  );
}
