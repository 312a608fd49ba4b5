import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Car } from '@evcharge/api/cars/car-schemas';
import {
  carCatalogueContract,
  createCar,
  deleteCar,
  getCarDetail,
  listCars,
  updateCar,
} from '@evcharge/api/cars/cars';
import { cars } from '../../db/schema/driver';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

// Cars (SPEC §2 cars, §7 /cars): the catalogue and the driver's cars, with the bad inputs of each and another
// driver who can neither see nor change them.

const server = withTestServer();

const driver = () => signedInUser(server);

const VIN = '5YJ3E1EA7KF317000';

describe('the car catalogue', () => {
  it('lists makes and models with battery and charging power', async () => {
    const who = await driver();
    const answer = await server.call<{ items: { id: string; batteryKwh: number }[] }>(
      carCatalogueContract,
      {
        token: who.token,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.length).toBeGreaterThan(20);
    expect(answer.body.items).toContainEqual({
      id: 'nissan-leaf-40',
      make: 'Nissan',
      model: 'Leaf (40 kWh)',
      batteryKwh: 39,
      maxAcKw: 6.6,
      maxDcKw: 50,
    });
    expect((await server.fetch('/api/cars/all')).status).toBe(401);
  });
});

describe('a driver’s cars', () => {
  it('adds a car from the catalogue, lists, shows, changes and removes it', async () => {
    const who = await driver();
    const created = await server.call<Car>(createCar, {
      token: who.token,
      body: {
        name: 'Family Leaf',
        catalogueId: 'nissan-leaf-40',
        vin: VIN.toLowerCase(),
        socPercent: 40,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Family Leaf',
      catalogueId: 'nissan-leaf-40',
      vin: VIN,
      socPercent: 40,
      batteryKwh: 39,
      maxAcKw: 6.6,
      maxDcKw: 50,
    });
    const list = await server.call<{ items: Car[] }>(listCars, { token: who.token });
    expect(list.body.items.map((c) => c.Id)).toEqual([created.body.Id]);
    const detail = await server.call<Car>(getCarDetail, {
      token: who.token,
      query: { id: created.body.Id },
    });
    expect(detail.body).toEqual(created.body);

    const changed = await server.call<Car>(updateCar, {
      token: who.token,
      params: { Id: created.body.Id },
      body: { name: 'Leaf', catalogueId: 'nissan-leaf-62', vin: '', socPercent: 80, rangeKm: 250 },
    });
    expect(changed.body).toMatchObject({
      name: 'Leaf',
      vin: null,
      socPercent: 80,
      rangeKm: 250,
      batteryKwh: 59,
    });

    expect(
      (await server.call(deleteCar, { token: who.token, params: { id: created.body.Id } })).status,
    ).toBe(200);
    expect(
      (await server.call<{ items: Car[] }>(listCars, { token: who.token })).body.items,
    ).toEqual([]);
    expect(
      (await server.call(deleteCar, { token: who.token, params: { id: created.body.Id } })).status,
    ).toBe(404);
  });

  it.each([
    [{ name: 'Car', vin: '5YJ3E1EA7KF31700' }, 'vin', 'vin'],
    [{ name: 'Car', vin: '5YJ3E1EA7KF31700O' }, 'vin', 'vin'],
    [{ name: '' }, 'name', 'required'],
    [{ name: '1234' }, 'name', 'letters'],
    [{ name: 'Car', socPercent: 101 }, 'socPercent', 'invalid'],
    [{ name: 'Car', catalogueId: 'flying-car' }, 'catalogueId', 'invalid'],
  ])('refuses %j with %s: %s, and stores nothing', async (body, path, rule) => {
    const who = await driver();
    const answer = await server.call(createCar, { token: who.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path, rule }] });
    expect(await server.db.select().from(cars).where(eq(cars.userId, who.id))).toEqual([]);
  });

  it('keeps a car its owner’s: another driver gets 404 and changes nothing', async () => {
    const owner = await driver();
    const stranger = await driver();
    const created = await server.call<Car>(createCar, {
      token: owner.token,
      body: { name: 'Mine', vin: VIN },
    });
    const id = created.body.Id;
    expect((await server.call(getCarDetail, { token: stranger.token, query: { id } })).status).toBe(
      404,
    );
    expect(
      (
        await server.call(updateCar, {
          token: stranger.token,
          params: { Id: id },
          body: { name: 'Taken' },
        })
      ).status,
    ).toBe(404);
    expect((await server.call(deleteCar, { token: stranger.token, params: { id } })).status).toBe(
      404,
    );
    expect(
      (await server.call<{ items: Car[] }>(listCars, { token: stranger.token })).body.items,
    ).toEqual([]);
    const after = await server.call<Car>(getCarDetail, { token: owner.token, query: { id } });
    expect(after.body).toEqual(created.body);
  });
});
