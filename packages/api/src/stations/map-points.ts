import { defineContract } from '../contract';
import { stationFilterSchema, stationPointsSchema } from './station-schemas';

// The map draws every matching station in the viewport, clustered on the client.
export const mapPoints = defineContract({
  method: 'POST',
  path: '/api/chargestations/points',
  auth: 'user',
  summary: 'All matching stations in the viewport as compact points for the map',
  tags: ['stations'],
  body: stationFilterSchema,
  response: stationPointsSchema,
});

export const mapPointsGuest = defineContract({
  method: 'POST',
  path: '/api/chargestations/points/guest',
  auth: 'public',
  summary: 'All matching public stations in the viewport as compact points for the map',
  tags: ['stations'],
  body: stationFilterSchema,
  response: stationPointsSchema,
});
