import { useTranslation } from 'react-i18next';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useDeleteCardMutation } from '../api/delete-card';
import { brandName } from '@/lib/card-name';

/** Removing a card asks first: the dialog names the card, and stays open if the request fails. */
export function DeleteCardDialog({ card, open, onClose }: { card: Card; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const mutation = useDeleteCardMutation();
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('payments:cards.remove.title')} closeLabel={t('common:close')} testId="remove-card-dialog">
      <div className="stack">
        <p>{t('payments:cards.remove.text', { brand: brandName(card.brand), last4: card.last4 })}</p>
        {card.isDefault && <p className="muted small">{t('payments:cards.remove.defaultNote')}</p>}
        {mutation.isError && <Alert tone="error" testId="remove-card-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="money-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('payments:cards.remove.cancel')}</Button>
          <Button
            variant="danger"
            icon="trash"
            isLoading={mutation.isPending}
            onClick={() => mutation.mutate(card.id, { onSuccess: onClose })}
            data-testid="remove-card-confirm"
          >
            {t('payments:cards.remove.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
