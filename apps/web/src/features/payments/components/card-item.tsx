import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useSetDefaultCardMutation } from '../api/set-default-card';
import { brandName, isExpired } from '@/lib/card-name';
import { expiryText } from '../model/card-text';
import { CardFace } from './card-face';
import { CardNumber } from './card-number';
import { CardStatusBadge } from './card-status';
import { DeleteCardDialog } from './delete-card-dialog';

/** One bound card: scheme, last digits, bank, expiry, bank status; make it default or remove it. */
export function CardItem({ card }: { card: Card }) {
  const { t } = useTranslation('payments');
  const makeDefault = useSetDefaultCardMutation();
  const [isRemoving, setRemoving] = useState(false);
  const expired = isExpired(card);
  const name = brandName(card.brand);
  const canBeDefault = !card.isDefault && card.status === 'linked' && !expired;
  return (
    <li className="pay-card" data-testid="card-item" data-card-id={card.id}>
      <CardFace brand={card.brand} isMuted={card.status === 'blocked' || expired} />
      <div className="pay-card__body">
        <p className="pay-card__number">
          <CardNumber brand={card.brand} last4={card.last4} testId="card-number" />
          {card.isDefault && <Badge tone="success" testId="card-default">{t('payments:card.default')}</Badge>}
        </p>
        <p className="muted small pay-card__meta">
          {card.bank && <span data-testid="card-bank">{card.bank}</span>}
          <span className={expired ? 'pay-card__expired' : undefined} data-testid="card-expiry">
            {expired ? t('payments:card.expired', { date: expiryText(card) }) : t('payments:card.expires', { date: expiryText(card) })}
          </span>
        </p>
        <CardStatusBadge status={card.status} />
        {card.status === 'blocked' && <p className="small muted">{t('payments:card.blockedHint')}</p>}
        {makeDefault.isError && <p className="small pay-card__error" role="alert">{errorText(t, makeDefault.error)}</p>}
      </div>
      <div className="pay-card__actions">
        {canBeDefault && (
          <Button variant="secondary" icon="star" isLoading={makeDefault.isPending} onClick={() => makeDefault.mutate(card.id)}
            aria-label={t('payments:cards.makeDefaultLabel', { brand: name, last4: card.last4 })} data-testid="card-make-default">
            {t('payments:cards.makeDefault')}
          </Button>
        )}
        <Button variant="danger" icon="trash" onClick={() => setRemoving(true)}
          aria-label={t('payments:cards.removeLabel', { brand: name, last4: card.last4 })} data-testid="card-remove">
          {t('payments:cards.remove.button')}
        </Button>
      </div>
      <DeleteCardDialog card={card} open={isRemoving} onClose={() => setRemoving(false)} />
    </li>
  );
}
