import { and, asc, desc, eq } from 'drizzle-orm';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import type { AcquirerCard } from '../../payments/acquirer';

// The driver's bound cards: the acquirer's token and what may be shown (DESIGN.md Security).

type CardRow = typeof paymentCards.$inferSelect;

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

export async function listCards(db: Db, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(desc(paymentCards.isDefault), asc(paymentCards.createdAt));
}

export async function cardOfUser(db: Db, userId: string, cardId: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)));
  return card;
}

export async function defaultCard(db: Db, userId: string) {
  const [card] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
  return card;
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
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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
    await tx
      .update(paymentCards)
      .set({
        token: card.token,
        bank: card.bank,
        status: 'linked',
        isDefault: same.isDefault || !hasDefault,
      })
      .where(eq(paymentCards.id, same.id));
    return same.id;
  }
  const [row] = await tx
    .insert(paymentCards)
    .values({
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
    })
    .returning({ id: paymentCards.id });
  if (!row) throw new Error('card insert returned nothing');
  return row.id;
}

/** Makes one card the default: the others lose the flag in the same transaction. */
export async function makeDefault(db: Db, userId: string, cardId: string) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
    const [row] = await tx
      .update(paymentCards)
      .set({ isDefault: true })
      .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)))
      .returning();
    return row;
  });
}
