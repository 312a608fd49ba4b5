import { and, asc, eq } from 'drizzle-orm';
import type { Car, CarBody } from '@evcharge/api/cars/car-schemas';
import { catalogueCar } from '@evcharge/domain/car-catalogue';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema/driver';

// Issue 5: the driver's cars. Every query is scoped by the caller (DESIGN.md Security): another
// driver's car is not found, and nothing about it changes.

type CarRow = typeof cars.$inferSelect;
type ParsedBody = Omit<CarBody, 'vin'> & { vin: string | null };

function toCar(row: CarRow): Car {
  return {
    Id: row.id,
    name: row.name,
    catalogueId: row.catalogueId,
    vin: row.vin,
    socPercent: row.socPercent,
    batteryTemperatureC: row.batteryTemperatureC,
    rangeKm: row.rangeKm,
    batteryKwh: row.batteryKwh,
    maxAcKw: row.maxAcKw,
    maxDcKw: row.maxDcKw,
    lat: row.lat,
    lng: row.lng,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a body sets; a catalogue model brings its battery and charging power. */
function values(body: ParsedBody) {
  const model = body.catalogueId ? catalogueCar(body.catalogueId) : undefined;
  if (body.catalogueId && !model)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'catalogueId', rule: rule.invalid }],
    });
  return {
    name: body.name,
    catalogueId: model?.id ?? null,
    vin: body.vin,
    socPercent: body.socPercent ?? null,
    batteryTemperatureC: body.batteryTemperatureC ?? null,
    rangeKm: body.rangeKm ?? null,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
    batteryKwh: model?.batteryKwh ?? null,
    maxAcKw: model?.maxAcKw ?? null,
    maxDcKw: model?.maxDcKw ?? null,
    updatedAt: new Date(),
  };
}

export async function listCars(db: Db, userId: string): Promise<Car[]> {
  const rows = await db
    .select()
    .from(cars)
    .where(eq(cars.userId, userId))
    .orderBy(asc(cars.createdAt), asc(cars.id));
  return rows.map(toCar);
}

export async function carDetail(db: Db, userId: string, id: string): Promise<Car> {
  const [row] = await db
    .select()
    .from(cars)
    .where(and(eq(cars.id, id), eq(cars.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toCar(row);
}

export async function createCar(db: Db, userId: string, body: ParsedBody): Promise<Car> {
  const [row] = await db
    .insert(cars)
    .values({ userId, ...values(body) })
    .returning();
  if (!row) throw new Error('car insert returned nothing');
  return toCar(row);
}

export async function updateCar(
  db: Db,
  userId: string,
  id: string,
  body: ParsedBody,
): Promise<Car> {
  const [row] = await db
    .update(cars)
    .set(values(body))
    .where(and(eq(cars.id, id), eq(cars.userId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toCar(row);
}

export async function deleteCar(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(cars)
    .where(and(eq(cars.id, id), eq(cars.userId, userId)))
    .returning({ id: cars.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
