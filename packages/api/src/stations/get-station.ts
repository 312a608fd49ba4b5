import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { offsetQuerySchema, stationDetailSchema } from './station-schemas';

const params = z.object({ guid: z.uuid({ error: rule.invalid }) });

// SPEC §7: GET /v2/chargestation/{guid}?offset and its guest twin.
export const getStation = defineContract({
  method: 'GET',
  path: '/api/v2/chargestation/:guid',
  auth: 'user',
  summary: 'One station with connectors, tariff, schedule and local times',
  tags: ['stations'],
  params,
  query: offsetQuerySchema,
  response: stationDetailSchema,
});

export const getStationGuest = defineContract({
  method: 'GET',
  path: '/api/v2/chargestation/:guid/guest',
  auth: 'public',
  summary: 'One public station for a visitor',
  tags: ['stations'],
  params,
  query: offsetQuerySchema,
  response: stationDetailSchema,
});
