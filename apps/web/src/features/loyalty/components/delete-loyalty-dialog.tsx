import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useDeleteLoyaltyCardMutation } from '../api/delete-card';

/** Removing a card asks first: the dialog names the card, and stays open if the request fails. */
export function DeleteLoyaltyDialog({ card, open, onClose }: { card: LoyaltyCard; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const mutation = useDeleteLoyaltyCardMutation();
  function close() {
    mutation.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={t('loyalty:delete.title')} closeLabel={t('common:close')} testId="loyalty-delete-dialog">
      <div className="stack">
        <p>{t('loyalty:delete.text', { name: card.name ?? card.company.name })}</p>
        {mutation.isError && <Alert tone="error" testId="loyalty-delete-error"><p>{errorText(t, mutation.error)}</p></Alert>}
        <div className="loyalty-dialog__actions">
          <Button variant="secondary" onClick={close}>{t('loyalty:delete.cancel')}</Button>
          <Button variant="danger" icon="trash" isLoading={mutation.isPending}
            onClick={() => mutation.mutate(card.id, { onSuccess: onClose })} data-testid="loyalty-delete-confirm">
            {t('loyalty:delete.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
