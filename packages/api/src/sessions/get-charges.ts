import { z } from 'zod';
import { defineContract } from '../contract';
import { chargeDetailSchema, chargeSchema, transactionIdSchema } from './charge-schemas';

// SPEC §7 GET /charge: the driver's open sessions, and finished ones whose summary the driver
// has not closed yet (PUT /charge/change/user-closed-status).
export const getCharges = defineContract({
  method: 'GET',
  path: '/api/charge',
  auth: 'user',
  summary: 'Open sessions and finished ones not yet closed by the driver',
  tags: ['charges'],
  response: z.object({
    items: z.array(chargeSchema),
    /**
     * The driver's latest event when the list was read: a long poll from this cursor gets
     * every change after the list, without the history before it.
     */
    cursor: z.number().int(),
  }),
});

export const haveActiveCharge = defineContract({
  method: 'GET',
  path: '/api/charge/have-active',
  auth: 'user',
  summary: 'Whether the driver has an open session',
  tags: ['charges'],
  response: z.object({ haveActive: z.boolean(), transactionIds: z.array(z.number().int()) }),
});

export const getChargeById = defineContract({
  method: 'GET',
  path: '/api/charge/id/:transactionId',
  auth: 'user',
  summary: 'One session of the driver with its readings and cost items',
  tags: ['charges'],
  params: z.object({ transactionId: transactionIdSchema }),
  response: chargeDetailSchema,
});
