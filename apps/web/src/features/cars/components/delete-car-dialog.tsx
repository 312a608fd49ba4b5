import { useTranslation } from 'react-i18next';
import type { Car } from '@evcharge/api/cars/car-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useDeleteCarMutation } from '../api/delete-car';

/** Deleting a car asks first: the dialog names the car, and stays open if the request fails. */
export function DeleteCarDialog({ car, open, onClose }: { car: Car; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('charging');
  const mutation = useDeleteCarMutation();
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('charging:cars.delete.title')} closeLabel={t('common:close')} testId="delete-car-dialog">
      <div className="stack">
        <p>{t('charging:cars.delete.text', { name: car.name })}</p>
        {mutation.isError && <Alert tone="error" testId="delete-car-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="car-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('charging:cars.delete.cancel')}</Button>
          <Button
            variant="danger"
            icon="trash"
            isLoading={mutation.isPending}
            onClick={() => mutation.mutate(car.Id, { onSuccess: onClose })}
            data-testid="delete-car-confirm"
          >
            {t('charging:cars.delete.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
