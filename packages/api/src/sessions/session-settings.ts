import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';
import { chargeSchema, transactionIdSchema } from './charge-schemas';

// SPEC §7 GET /charges/check/{id}/timeout: a start the charge point never confirmed is
// cancelled once it is overdue (no charge); the answer says where the session stands.
export const checkChargeTimeout = defineContract({
  method: 'GET',
  path: '/api/charges/check/:transactionId/timeout',
  auth: 'user',
  summary: 'Whether a starting session has timed out (it is then cancelled)',
  tags: ['charges'],
  params: z.object({ transactionId: transactionIdSchema }),
  response: z.object({
    isTimedOut: z.boolean(),
    /** Seconds left for the car to start drawing; 0 once it started or timed out. */
    secondsLeft: z.number().int(),
    charge: chargeSchema,
  }),
});

// SPEC §7 PUT /charge/set_remaining_time: "stop in N minutes" on a running session; it
// becomes a time limit counted from the session's start.
export const setRemainingTime = defineContract({
  method: 'PUT',
  path: '/api/charge/set_remaining_time',
  auth: 'user',
  summary: 'Stop a running session after this many more minutes',
  tags: ['charges'],
  body: z
    .object({
      transactionId: transactionIdSchema,
      minutes: z
        .number({ error: rule.number })
        .int({ error: rule.number })
        .min(1, { error: rule.amount })
        .max(24 * 60, { error: rule.invalid }),
    })
    .strict(),
  response: chargeSchema,
});

// SPEC §7 PUT /charge/change/user-closed-status/{flag}: the driver closed (true) or reopened
// the summary of a finished session; without a transactionId, every finished session.
export const setUserClosedStatus = defineContract({
  method: 'PUT',
  path: '/api/charge/change/user-closed-status/:flag',
  auth: 'user',
  summary: 'Mark finished sessions as seen by the driver',
  tags: ['charges'],
  params: z.object({ flag: z.enum(['true', 'false'], { error: rule.invalid }) }),
  body: z.object({ transactionId: transactionIdSchema.optional() }).strict().optional(),
  response: okSchema,
});
