import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema/driver';

// Every query is scoped by the caller (DESIGN.md Security): another driver's car is not
// found, and nothing about it changes.

export type CarRow = typeof cars.$inferSelect;
export type CarValues = Omit<typeof cars.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export async function findCars(db: Db, userId: string): Promise<CarRow[]> {
  return db
    .select()
    .from(cars)
    .where(eq(cars.userId, userId))
    .orderBy(asc(cars.createdAt), asc(cars.id));
}

export async function findCar(db: Db, userId: string, id: string): Promise<CarRow | undefined> {
  const [row] = await db
    .select()
    .from(cars)
    .where(and(eq(cars.id, id), eq(cars.userId, userId)));
  return row;
}

export async function insertCar(db: Db, userId: string, values: CarValues): Promise<CarRow> {
  const [row] = await db
    .insert(cars)
    .values({ userId, ...values })
    .returning();
  if (!row) throw new Error('car insert returned nothing');
  return row;
}

export async function updateCarRow(
  db: Db,
  userId: string,
  id: string,
  values: CarValues,
): Promise<CarRow | undefined> {
  const [row] = await db
    .update(cars)
    .set(values)
    .where(and(eq(cars.id, id), eq(cars.userId, userId)))
    .returning();
  return row;
}

/** Whether a car of the caller's was there to delete. */
export async function deleteCarRow(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(cars)
    .where(and(eq(cars.id, id), eq(cars.userId, userId)))
    .returning({ id: cars.id });
  return deleted.length > 0;
}
