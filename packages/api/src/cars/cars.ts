import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';
import { carBodySchema, carSchema } from './car-schemas';

// SPEC §7 Cars: GET /cars/all, /cars and /cars/detail, POST /car, PUT /car/{Id}, DELETE /car/{id}.

const carId = z.uuid({ error: rule.invalid });

export const carCatalogueContract = defineContract({
  method: 'GET',
  path: '/api/cars/all',
  auth: 'user',
  summary: 'The catalogue of car makes and models with battery and charging power',
  tags: ['cars'],
  response: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        make: z.string(),
        model: z.string(),
        batteryKwh: z.number(),
        maxAcKw: z.number(),
        maxDcKw: z.number(),
      }),
    ),
  }),
});

export const listCars = defineContract({
  method: 'GET',
  path: '/api/cars',
  auth: 'user',
  summary: 'The driver’s cars',
  tags: ['cars'],
  response: z.object({ items: z.array(carSchema) }),
});

export const getCarDetail = defineContract({
  method: 'GET',
  path: '/api/cars/detail',
  auth: 'user',
  summary: 'One of the driver’s cars',
  tags: ['cars'],
  query: z.object({ id: carId }),
  response: carSchema,
});

export const createCar = defineContract({
  method: 'POST',
  path: '/api/car',
  auth: 'user',
  summary: 'Add a car',
  tags: ['cars'],
  body: carBodySchema,
  response: carSchema,
  status: 201,
});

export const updateCar = defineContract({
  method: 'PUT',
  path: '/api/car/:Id',
  auth: 'user',
  summary: 'Change one of the driver’s cars',
  tags: ['cars'],
  params: z.object({ Id: carId }),
  body: carBodySchema,
  response: carSchema,
});

export const deleteCar = defineContract({
  method: 'DELETE',
  path: '/api/car/:id',
  auth: 'user',
  summary: 'Remove one of the driver’s cars',
  tags: ['cars'],
  params: z.object({ id: carId }),
  response: okSchema,
});
