import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';
import { stationSummarySchema } from '../stations/station-schemas';

// SPEC §7 Events, companies, likes: GET /likedstations, GET /likedstations/check/{id},
// POST and DELETE /likedstations/{id}. The list carries each station's live status.

const params = z.object({ id: z.uuid({ error: rule.invalid }) });

export const listLikedStations = defineContract({
  method: 'GET',
  path: '/api/likedstations',
  auth: 'user',
  summary: 'The driver’s favourite stations with their live status, latest first',
  tags: ['favourites'],
  response: z.object({ items: z.array(stationSummarySchema) }),
});

export const checkLikedStation = defineContract({
  method: 'GET',
  path: '/api/likedstations/check/:id',
  auth: 'user',
  summary: 'Whether a station is one of the driver’s favourites',
  tags: ['favourites'],
  params,
  response: z.object({ isLiked: z.boolean() }),
});

export const likeStation = defineContract({
  method: 'POST',
  path: '/api/likedstations/:id',
  auth: 'user',
  summary: 'Add a station to the favourites (again is fine)',
  tags: ['favourites'],
  params,
  response: okSchema,
});

export const unlikeStation = defineContract({
  method: 'DELETE',
  path: '/api/likedstations/:id',
  auth: 'user',
  summary: 'Remove a station from the favourites',
  tags: ['favourites'],
  params,
  response: okSchema,
});
