import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/driver';
import { users } from '../../db/schema/users';

// The queries on the driver's bound cards (payment_cards).

export type CardRow = typeof paymentCards.$inferSelect;
type CardInsert = typeof paymentCards.$inferInsert;

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

/** What a payment shows of its card. */
export async function cardLabel(db: Db, cardId: string) {
  const [card] = await db
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.id, cardId));
  return card;
}

/** Locks the driver's row: card changes of one driver happen one at a time. */
export async function lockCardOwner(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function updateCard(tx: Db, cardId: string, set: Partial<CardInsert>) {
  await tx.update(paymentCards).set(set).where(eq(paymentCards.id, cardId));
}

export async function insertCard(tx: Db, values: CardInsert) {
  const [row] = await tx.insert(paymentCards).values(values).returning({ id: paymentCards.id });
  return row;
}

export async function clearDefaultCard(tx: Db, userId: string) {
  await tx
    .update(paymentCards)
    .set({ isDefault: false })
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)));
}

export async function markDefaultCard(tx: Db, userId: string, cardId: string) {
  const [row] = await tx
    .update(paymentCards)
    .set({ isDefault: true })
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId)))
    .returning();
  return row;
}

export async function deleteCard(tx: Db, cardId: string) {
  await tx.delete(paymentCards).where(eq(paymentCards.id, cardId));
}

/** The driver's oldest linked card: the next default. */
export async function firstLinkedCard(tx: Db, userId: string) {
  const [next] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.status, 'linked')))
    .orderBy(paymentCards.createdAt)
    .limit(1);
  return next;
}
