import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/idempotency';

// One function per query on idempotency_keys (STYLE.md: thin repositories).

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

type KeyOf = { userId: string; endpoint: string; key: string };

const matches = ({ userId, endpoint, key }: KeyOf) =>
  and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.endpoint, endpoint),
    eq(idempotencyKeys.key, key),
  );

export async function findIdempotencyKey(
  db: Db,
  of: KeyOf,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(matches(of));
  return row;
}

/** Deletes the key when it was created before `before`. */
export async function deleteIdempotencyKeyCreatedBefore(
  db: Db,
  of: KeyOf,
  before: Date,
): Promise<void> {
  await db.delete(idempotencyKeys).where(and(matches(of), lt(idempotencyKeys.createdAt, before)));
}

/** Inserts the key; undefined when a row already holds it (the unique index decides). */
export async function claimIdempotencyKey(
  db: Db,
  of: KeyOf & { requestHash: string },
): Promise<{ id: string } | undefined> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values(of)
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return claimed;
}

export async function deleteIdempotencyKey(db: Db, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

export async function recordIdempotentAnswer(
  db: Db,
  id: string,
  answer: { status: number; body: string; answeredAt: Date },
): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(eq(idempotencyKeys.id, id));
}

export async function deleteIdempotencyKeysCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
