import { useTranslation } from 'react-i18next';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useFormat } from '@/lib/format';
import { useCancelReserveMutation } from '../api/cancel-reserve';
import { reserveErrorText } from '../model/reserve-error';

type CancelDialogProps = { reservation: Reservation; open: boolean; onClose: () => void };

/** SPEC §3: cancelling is free before it begins; after, the fixed cost and the minutes held. Said before it is done. */
export function CancelDialog({ reservation, open, onClose }: CancelDialogProps) {
  const { t } = useTranslation('reserve');
  const format = useFormat();
  const cancel = useCancelReserveMutation();
  const cost = reservation.cancelCostMinor;
  return (
    <Dialog open={open} onClose={onClose} title={t('reserve:cancel.title')} closeLabel={t('common:close')} testId="reserve-cancel-dialog">
      <div className="stack">
        <p data-testid="reserve-cancel-cost" data-cost={cost}>
          {cost === 0
            ? t('reserve:cancel.free')
            : t('reserve:cancel.costs', { cost: format.money(cost, reservation.currency), minutes: reservation.idleMinutes })}
        </p>
        {cancel.isError && <Alert tone="error" title={t('reserve:cancel.failed')} testId="reserve-cancel-error"><p>{reserveErrorText(t, cancel.error)}</p></Alert>}
        <div className="reserve__dialog-actions">
          <Button variant="secondary" onClick={onClose} data-testid="reserve-cancel-keep">{t('reserve:cancel.keep')}</Button>
          <Button
            variant="danger"
            isLoading={cancel.isPending}
            onClick={() => cancel.mutate(reservation, { onSuccess: onClose })}
            data-testid="reserve-cancel-confirm"
          >
            {t('reserve:cancel.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
