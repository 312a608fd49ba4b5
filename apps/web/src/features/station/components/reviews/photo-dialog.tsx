import { useTranslation } from 'react-i18next';
import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { Dialog } from '@/components/ui/dialog';
import { ReviewPhoto } from './review-photo';

/** A review's photo at full size, in the app's modal (focus kept inside, Escape closes). */
export function PhotoDialog({ photos, isPublic, index, onClose }: {
  photos: Review['photos'];
  /** Approved: a plain image; pending: only its author (with the token) may load it. */
  isPublic: boolean;
  index: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reviews');
  const photo = index === null ? undefined : photos[index];
  return (
    <Dialog
      open={photo !== undefined}
      onClose={onClose}
      title={t('reviews:photoTitle', { number: (index ?? 0) + 1, count: photos.length })}
      closeLabel={t('reviews:close')}
      testId="review-photo-dialog"
    >
      {photo && (
        <ReviewPhoto className="review-photo-full" photo={photo} isPublic={isPublic} alt={t('reviews:photo', { number: (index ?? 0) + 1 })} />
      )}
    </Dialog>
  );
}
