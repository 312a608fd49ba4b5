import { defineContract } from '../contract';
import { pagingSchema, stationFilterSchema, stationPageSchema } from './station-schemas';

const body = stationFilterSchema.extend(pagingSchema.shape);

// Order: nearest first when the filter has `near` (distanceKm set); without a point there is
// no nearest, and the stations come in a fixed geographic order (south to north), so pages
// never overlap.

// SPEC §7: POST /chargestations/filtered (signed in: also the user's own private stations).
export const listStations = defineContract({
  method: 'POST',
  path: '/api/chargestations/filtered',
  auth: 'user',
  summary: 'Stations matching the filter, nearest first (with near), paged',
  tags: ['stations'],
  body,
  response: stationPageSchema,
});

// SPEC §7: POST /chargestations/guest (visitor: public stations only).
export const listStationsGuest = defineContract({
  method: 'POST',
  path: '/api/chargestations/guest',
  auth: 'public',
  summary: 'Public stations matching the filter, nearest first (with near), paged',
  tags: ['stations'],
  body,
  response: stationPageSchema,
});
