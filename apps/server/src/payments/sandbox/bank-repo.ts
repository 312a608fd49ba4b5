import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverKeys } from '../../db/schema/notifications';
import { sandboxCards, sandboxPayments } from '../../db/schema/sandbox-acquirer';

// The queries on the sandbox bank's books (sandbox_acquirer_cards, sandbox_acquirer_payments)
// and on the key it signs its notifications with.

export type PaymentRow = typeof sandboxPayments.$inferSelect;
export type PaymentInsert = typeof sandboxPayments.$inferInsert;
export type CardRow = typeof sandboxCards.$inferSelect;
type CardInsert = typeof sandboxCards.$inferInsert;

export async function cardByToken(db: Db, token: string): Promise<CardRow | undefined> {
  const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
  return card;
}

export async function insertCard(db: Db, values: CardInsert) {
  await db.insert(sandboxCards).values(values);
}

export async function unbindCard(db: Db, token: string) {
  await db.update(sandboxCards).set({ unbound: new Date() }).where(eq(sandboxCards.token, token));
}

export async function paymentByKey(db: Db, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.idempotencyKey, key));
  return row;
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row;
}

/** The payment's row, locked until the transaction ends. */
export async function lockPayment(tx: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, id))
    .for('update');
  return row;
}

export async function insertPayment(db: Db, values: PaymentInsert) {
  const [row] = await db.insert(sandboxPayments).values(values).returning();
  return row;
}

export async function setRefunded(tx: Db, id: string, refundedMinor: number) {
  await tx
    .update(sandboxPayments)
    .set({ refundedMinor, updatedAt: new Date() })
    .where(eq(sandboxPayments.id, id));
}

/** Changes a payment only while it is pending: of two at once, one wins (the other: undefined). */
export async function updatePending(db: Db, id: string, set: Partial<PaymentInsert>) {
  const [row] = await db
    .update(sandboxPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row;
}

/** One more wrong 3-D Secure code on a pending payment. */
export async function countWrongChallenge(db: Db, id: string) {
  const [row] = await db
    .update(sandboxPayments)
    .set({ challengeTries: sql`${sandboxPayments.challengeTries} + 1`, updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row;
}

/** Takes `amountMinor` (at most the hold) from a held payment; nothing taken releases it. */
export async function captureHeld(db: Db, id: string, amountMinor: number) {
  const [row] = await db
    .update(sandboxPayments)
    .set({
      status: sql`case when ${amountMinor} > 0 then 'succeeded' else 'released' end`,
      capturedMinor: sql`least(${sandboxPayments.amountMinor}, ${Math.max(0, amountMinor)})`,
      updatedAt: new Date(),
    })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'held')))
    .returning();
  return row;
}

export async function releaseHeld(db: Db, id: string) {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: 'released', updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'held')))
    .returning();
  return row;
}

export async function insertServerKey(
  db: Db,
  name: string,
  value: (typeof serverKeys.$inferInsert)['value'],
) {
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
}

export async function serverKey(db: Db, name: string) {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row;
}
