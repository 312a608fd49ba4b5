import type { FastifyInstance } from 'fastify';
import {
  carCatalogueContract,
  createCar as createCarContract,
  deleteCar as deleteCarContract,
  getCarDetail,
  listCars as listCarsContract,
  updateCar as updateCarContract,
} from '@evcharge/api/cars/cars';
import { carCatalogue } from '@evcharge/domain/car-catalogue';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { carDetail, createCar, deleteCar, listCars, updateCar } from './service';

export function carRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, carCatalogueContract, async () => ({ items: [...carCatalogue] }));
  route(app, listCarsContract, async ({ auth }) => ({ items: await listCars(db, auth.user.id) }));
  route(app, getCarDetail, async ({ auth, query }) => carDetail(db, auth.user.id, query.id));
  route(app, createCarContract, async ({ auth, body }) => createCar(db, auth.user.id, body));
  route(app, updateCarContract, async ({ auth, params, body }) =>
    updateCar(db, auth.user.id, params.Id, body),
  );
  route(app, deleteCarContract, async ({ auth, params }) => {
    await deleteCar(db, auth.user.id, params.id);
    return { ok: true as const };
  });
}
