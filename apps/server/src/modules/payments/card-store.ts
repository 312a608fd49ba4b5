import type { Card } from '@evcharge/api/payments/payment-schemas';
import type { Db } from '../../db/client';
import type { AcquirerCard } from '../../payments/acquirer';
import {
  clearDefaultCard,
  insertCard,
  listCards,
  lockCardOwner,
  markDefaultCard,
  updateCard,
  type CardRow,
} from './card-repo';

// The driver's bound cards: the acquirer's token and what may be shown (DESIGN.md Security).

export function cardView(row: CardRow): Card {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    bank: row.bank,
    expMonth: row.expMonth,
    expYear: row.expYear,
    status: row.status,
    isDefault: row.isDefault,
  };
}

/**
 * Keeps a card the acquirer bound, inside the settling transaction: the same card bound
 * again (brand, last 4, expiry) gets the new token instead of a second row; the first card
 * becomes the default. The driver's row is locked, so two bindings at once do not both
 * become the default.
 */
export async function keepCard(
  tx: Db,
  userId: string,
  acquirer: string,
  card: AcquirerCard,
): Promise<string> {
  await lockCardOwner(tx, userId);
  const mine = await listCards(tx, userId);
  const same = mine.find(
    (row) =>
      row.acquirer === acquirer &&
      row.brand === card.brand &&
      row.last4 === card.last4 &&
      row.expMonth === card.expMonth &&
      row.expYear === card.expYear,
  );
  const hasDefault = mine.some((row) => row.isDefault && row.id !== same?.id);
  if (same) {
    await updateCard(tx, same.id, {
      token: card.token,
      bank: card.bank,
      status: 'linked',
      isDefault: same.isDefault || !hasDefault,
    });
    return same.id;
  }
  const row = await insertCard(tx, {
    userId,
    acquirer,
    token: card.token,
    brand: card.brand,
    last4: card.last4,
    bank: card.bank,
    expMonth: card.expMonth,
    expYear: card.expYear,
    status: 'linked',
    isDefault: !hasDefault,
  });
  if (!row) throw new Error('card insert returned nothing');
  return row.id;
}

/** Makes one card the default: the others lose the flag in the same transaction. */
export async function makeDefault(db: Db, userId: string, cardId: string) {
  return db.transaction(async (tx) => {
    await lockCardOwner(tx, userId);
    await clearDefaultCard(tx, userId);
    return markDefaultCard(tx, userId, cardId);
  });
}
