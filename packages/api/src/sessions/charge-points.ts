import { z } from 'zod';
import { connectorStatuses } from '@evcharge/domain/connector-status';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// SPEC §7 Stations and charge points: an owner's charge points (their private stations), the
// owner taking a connector out of service and back, and any connector's status time.

const connectorStateSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(connectorStatuses),
  statusCode: z.number().int().nullable(),
  statusSince: z.string(),
});

export const listChargePoints = defineContract({
  method: 'GET',
  path: '/api/chargepoints',
  auth: 'user',
  summary: 'The charge points of the driver’s own stations',
  tags: ['charge points'],
  response: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        stationId: z.string(),
        stationName: z.string(),
        isOnline: z.boolean(),
        lastSeenAt: z.string().nullable(),
        vendor: z.string().nullable(),
        model: z.string().nullable(),
        firmwareVersion: z.string().nullable(),
        connectors: z.array(connectorStateSchema),
      }),
    ),
  }),
});

export const setConnectorAvailability = defineContract({
  method: 'PUT',
  path: '/api/chargepoint/:connectorId/status/:status',
  auth: 'user',
  summary: 'Take a connector of the driver’s own station out of service, or back',
  tags: ['charge points'],
  params: z.object({
    connectorId: z.uuid({ error: rule.invalid }),
    status: z.enum(['available', 'unavailable'], { error: rule.invalid }),
  }),
  response: connectorStateSchema.extend({
    /** OCPP ChangeAvailability: Scheduled when a session runs and the change waits for it. */
    result: z.enum(['Accepted', 'Scheduled']),
  }),
});

export const connectorStatusTime = defineContract({
  method: 'GET',
  path: '/api/socket/status_time/:connectorId',
  auth: 'public',
  summary: 'A connector’s status and since when',
  tags: ['charge points'],
  params: z.object({ connectorId: z.uuid({ error: rule.invalid }) }),
  response: connectorStateSchema,
});
