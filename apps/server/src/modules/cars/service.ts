import type { Car, CarBody } from '@evcharge/api/cars/car-schemas';
import { catalogueCar } from '@evcharge/domain/car-catalogue';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import * as repo from './repo';
import type { CarRow, CarValues } from './repo';

// The driver's cars; repo.ts scopes every query by the caller.

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
function values(body: ParsedBody): CarValues {
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
  return (await repo.findCars(db, userId)).map(toCar);
}

export async function carDetail(db: Db, userId: string, id: string): Promise<Car> {
  const row = await repo.findCar(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toCar(row);
}

export async function createCar(db: Db, userId: string, body: ParsedBody): Promise<Car> {
  return toCar(await repo.insertCar(db, userId, values(body)));
}

export async function updateCar(
  db: Db,
  userId: string,
  id: string,
  body: ParsedBody,
): Promise<Car> {
  const row = await repo.updateCarRow(db, userId, id, values(body));
  if (!row) throw new AppError('NOT_FOUND');
  return toCar(row);
}

export async function deleteCar(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteCarRow(db, userId, id))) throw new AppError('NOT_FOUND');
}
