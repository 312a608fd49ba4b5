import { useTranslation } from 'react-i18next';
import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { Dialog } from '@/components/ui/dialog';

/** A review's photo at full size, in the app's modal (focus kept inside, Escape closes). */
export function PhotoDialog({ photos, index, onClose }: { photos: Review['photos']; index: number | null; onClose: () => void }) {
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
        <img className="review-photo-full" src={photo.url} alt={t('reviews:photo', { number: (index ?? 0) + 1 })}
          width={photo.width} height={photo.height} />
      )}
    </Dialog>
  );
}
