import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { paths, withSearch } from '@/app/paths';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useUpdateLoyaltyCardMutation } from '../api/update-card';
import { DeleteLoyaltyDialog } from './delete-loyalty-dialog';
import { LoyaltyCardDialog } from './loyalty-card-dialog';
import { LoyaltyCardFace } from './loyalty-card-face';

/** One card: tap it to show it at the till; change it, make it the default, or remove it. */
export function LoyaltyCardItem({ card }: { card: LoyaltyCard }) {
  const { t } = useTranslation('loyalty');
  const makeDefault = useUpdateLoyaltyCardMutation();
  const [isShown, setShown] = useState(false);
  const [isRemoving, setRemoving] = useState(false);
  const name = card.name ?? card.company.name;
  return (
    <li className="loyalty-item" data-card-id={card.id}>
      <button type="button" className="loyalty-item__open" onClick={() => setShown(true)}
        aria-label={t('loyalty:card.showLabel', { name })} data-testid="loyalty-card">
        <LoyaltyCardFace card={card} />
      </button>
      {makeDefault.isError && <p className="small loyalty-item__error" role="alert">{errorText(t, makeDefault.error)}</p>}
      <div className="loyalty-item__actions">
        {!card.isDefault && (
          <Button variant="secondary" icon="star" isLoading={makeDefault.isPending}
            onClick={() => makeDefault.mutate({ id: card.id, body: { isDefault: true } })}
            aria-label={t('loyalty:card.makeDefaultLabel', { name })} data-testid="loyalty-make-default">
            {t('loyalty:card.makeDefault')}
          </Button>
        )}
        <ButtonLink to={withSearch(paths.loyaltyCards, { card: card.id })} variant="secondary"
          aria-label={t('loyalty:card.editLabel', { name })} data-testid="loyalty-edit">
          {t('loyalty:card.edit')}
        </ButtonLink>
        <Button variant="danger" icon="trash" onClick={() => setRemoving(true)}
          aria-label={t('loyalty:card.removeLabel', { name })} data-testid="loyalty-remove">
          {t('loyalty:card.remove')}
        </Button>
      </div>
      <LoyaltyCardDialog card={card} open={isShown} onClose={() => setShown(false)} />
      <DeleteLoyaltyDialog card={card} open={isRemoving} onClose={() => setRemoving(false)} />
    </li>
  );
}
