import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loyaltyCards, loyaltyCompanies } from '../../db/schema/driver';

// SPEC §7 Loyalty. Every card query is scoped by the caller (DESIGN.md Security): another
// driver's card is not found, and nothing about it changes.

export type CompanyRow = typeof loyaltyCompanies.$inferSelect;
export type CardRow = typeof loyaltyCards.$inferSelect;
export type CardWithCompany = { card: CardRow; company: CompanyRow };

export async function activeCompanies(db: Db): Promise<CompanyRow[]> {
  return db
    .select()
    .from(loyaltyCompanies)
    .where(eq(loyaltyCompanies.isActive, true))
    .orderBy(asc(loyaltyCompanies.position), asc(loyaltyCompanies.name));
}

export async function hasActiveCompany(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: loyaltyCompanies.id })
    .from(loyaltyCompanies)
    .where(eq(loyaltyCompanies.isActive, true))
    .limit(1);
  return row !== undefined;
}

export async function findCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(loyaltyCompanies).where(eq(loyaltyCompanies.id, id));
  return row;
}

const cardColumns = { card: loyaltyCards, company: loyaltyCompanies };

export async function findCards(db: Db, userId: string): Promise<CardWithCompany[]> {
  return db
    .select(cardColumns)
    .from(loyaltyCards)
    .innerJoin(loyaltyCompanies, eq(loyaltyCompanies.id, loyaltyCards.loyaltyCompanyId))
    .where(eq(loyaltyCards.userId, userId))
    .orderBy(desc(loyaltyCards.isDefault), asc(loyaltyCards.createdAt), asc(loyaltyCards.id));
}

export async function findCard(
  db: Db,
  userId: string,
  id: string,
): Promise<CardWithCompany | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(loyaltyCards)
    .innerJoin(loyaltyCompanies, eq(loyaltyCompanies.id, loyaltyCards.loyaltyCompanyId))
    .where(and(eq(loyaltyCards.id, id), eq(loyaltyCards.userId, userId)));
  return row;
}

export async function findDefaultCard(
  db: Db,
  userId: string,
): Promise<CardWithCompany | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(loyaltyCards)
    .innerJoin(loyaltyCompanies, eq(loyaltyCompanies.id, loyaltyCards.loyaltyCompanyId))
    .where(and(eq(loyaltyCards.userId, userId), eq(loyaltyCards.isDefault, true)));
  return row;
}

export async function countCards(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.userId, userId));
  return row?.count ?? 0;
}

/** The driver's other cards stop being the default (the partial unique index allows one). */
export async function clearDefault(db: Db, userId: string, exceptId?: string): Promise<void> {
  await db
    .update(loyaltyCards)
    .set({ isDefault: false })
    .where(
      and(
        eq(loyaltyCards.userId, userId),
        eq(loyaltyCards.isDefault, true),
        exceptId ? ne(loyaltyCards.id, exceptId) : undefined,
      ),
    );
}

export async function insertCard(
  db: Db,
  values: Pick<
    typeof loyaltyCards.$inferInsert,
    'userId' | 'loyaltyCompanyId' | 'number' | 'name' | 'isDefault'
  >,
): Promise<CardRow> {
  const [row] = await db.insert(loyaltyCards).values(values).returning();
  if (!row) throw new Error('loyalty card insert returned nothing');
  return row;
}

export async function updateCardRow(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Pick<CardRow, 'number' | 'name' | 'isDefault'>>,
): Promise<CardRow | undefined> {
  const [row] = await db
    .update(loyaltyCards)
    .set(values)
    .where(and(eq(loyaltyCards.id, id), eq(loyaltyCards.userId, userId)))
    .returning();
  return row;
}

/** Whether a card of the caller's was there to delete; sessions keep their snapshot of it. */
export async function deleteCardRow(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(loyaltyCards)
    .where(and(eq(loyaltyCards.id, id), eq(loyaltyCards.userId, userId)))
    .returning({ id: loyaltyCards.id });
  return deleted.length > 0;
}

/** Adds (or, for a correction, takes back) points on a card; never below zero. */
export async function addPoints(db: Db, cardId: string, points: number): Promise<void> {
  await db
    .update(loyaltyCards)
    .set({ points: sql`greatest(0, ${loyaltyCards.points} + ${points})` })
    .where(eq(loyaltyCards.id, cardId));
}
