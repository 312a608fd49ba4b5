import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useDeleteReviewMutation } from '../../api/reviews';

type Props = { reviewId: string; stationId: string; open: boolean; onClose: () => void };

/** Deleting one's own review asks first, and stays open if the request fails. */
export function DeleteReviewDialog({ reviewId, stationId, open, onClose }: Props) {
  const { t } = useTranslation('reviews');
  const mutation = useDeleteReviewMutation(stationId);
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('reviews:deleteTitle')} closeLabel={t('reviews:close')} testId="review-delete-dialog">
      <div className="stack">
        <p>{t('reviews:deleteText')}</p>
        {mutation.isError && <Alert tone="error" testId="review-delete-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="review-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('reviews:cancel')}</Button>
          <Button variant="danger" icon="trash" isLoading={mutation.isPending}
            onClick={() => mutation.mutate(reviewId, { onSuccess: onClose })} data-testid="review-delete-confirm">
            {t('reviews:deleteConfirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
