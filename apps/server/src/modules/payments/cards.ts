import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { UserRow } from '../../plugins/auth';
import { lockUser } from '../ledger';
import { requireConfirmedPhone } from '../phone';
import { cardOfUser, deleteCard, firstLinkedCard, listCards, updateCard } from './card-repo';
import { cardView, makeDefault } from './card-store';
import { createOperation, type PaymentDeps } from './operations';
import { invalid, pay, type Origin } from './pay';
import { brandOfAccount } from '../../brand/brands';

// The driver's cards: list, bind (on the acquirer's page), make default, remove.

export async function cardsOf(deps: PaymentDeps, userId: string) {
  return (await listCards(deps.db, userId)).map(cardView);
}

export async function startBinding(
  deps: PaymentDeps,
  user: UserRow,
  { origin }: Origin = {},
): Promise<PaymentResult> {
  requireConfirmedPhone(user);
  const operation = await createOperation(deps, {
    userId: user.id,
    orderType: 'CardBinding',
    amountMinor: 0,
    currency: user.currency,
  });
  return pay(deps, user, operation, {
    saveCard: true,
    description: `${brandOfAccount(user, deps.brand).title}: card binding`,
    origin,
  });
}

export async function setDefault(deps: PaymentDeps, userId: string, cardId: string) {
  const card = await cardOfUser(deps.db, userId, cardId);
  if (!card) throw new AppError('NOT_FOUND');
  if (card.status !== 'linked') throw card.status === 'blocked' ? new AppError('CARD_BLOCKED') : invalid('id');
  const row = await makeDefault(deps.db, userId, cardId);
  if (!row) throw new AppError('NOT_FOUND');
  return cardView(row);
}

/** Unbinds at the acquirer, then removes: the next card (if any) becomes the default. */
export async function removeCard(deps: PaymentDeps, userId: string, cardId: string) {
  const card = await cardOfUser(deps.db, userId, cardId);
  if (!card) throw new AppError('NOT_FOUND');
  if (card.acquirer === deps.acquirer.name) await deps.acquirer.unbind(card.token);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await deleteCard(tx, card.id);
    if (card.isDefault) {
      const next = await firstLinkedCard(tx, userId);
      if (next) await updateCard(tx, next.id, { isDefault: true });
    }
  });
}
