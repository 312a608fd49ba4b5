import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatDate } from '@/lib/format';
import { DeleteReviewDialog } from './delete-review-dialog';
import { PhotoDialog } from './photo-dialog';
import { ReviewPhoto } from './review-photo';

/** One review (SPEC §3): who, when, whether they charged here and it worked, text and photos. */
export function ReviewItem({ review, stationId }: { review: Review; stationId: string }) {
  const { t, i18n } = useTranslation('reviews');
  const [shownPhoto, setShownPhoto] = useState<number | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const isPending = review.status === 'pending';
  return (
    <li className={isPending ? 'review review--pending' : 'review'} data-testid="review" data-status={review.status} data-review-id={review.id}>
      <header className="review__head">
        <span className="review__author" data-testid="review-author">{review.authorName ?? t('reviews:anonymous')}</span>
        <time className="review__date muted small" dateTime={review.createdAt}>
          {formatDate(review.createdAt, i18n.language, { day: 'numeric', month: 'long', year: 'numeric' })}
        </time>
      </header>
      <div className="review__marks">
        {isPending && <Badge tone="warning" testId="review-pending">{t('reviews:pending')}</Badge>}
        {review.chargedHere && <Badge tone="neutral" testId="review-charged-here">{t('reviews:chargedHere')}</Badge>}
        {review.chargingWorked !== null && (
          <span className={review.chargingWorked ? 'review__worked review__worked--yes' : 'review__worked review__worked--no'} data-testid="review-worked">
            <Icon name={review.chargingWorked ? 'checkCircle' : 'alert'} size={16} />
            {review.chargingWorked ? t('reviews:worked') : t('reviews:notWorked')}
          </span>
        )}
      </div>
      <p className="review__text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="review__photos">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <button type="button" className="review__thumb" onClick={() => setShownPhoto(index)}
                aria-label={t('reviews:photoOpen', { number: index + 1 })} data-testid="review-photo">
                <ReviewPhoto photo={photo} isPublic={!isPending} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {review.isMine && (
        <div className="review__actions">
          <Button variant="secondary" icon="trash" onClick={() => setDeleting(true)} data-testid="review-delete">{t('reviews:delete')}</Button>
        </div>
      )}
      {review.photos.length > 0 && (
        <PhotoDialog photos={review.photos} isPublic={!isPending} index={shownPhoto} onClose={() => setShownPhoto(null)} />
      )}
      {review.isMine && (
        <DeleteReviewDialog reviewId={review.id} stationId={stationId} open={isDeleting} onClose={() => setDeleting(false)} />
      )}
    </li>
  );
}
