import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { chargeEventSchema } from './charge-schemas';

/** How long the server holds a long poll with nothing new before it answers empty. */
export const CHARGE_POLL_SECONDS = 25;

// SPEC §7 GET /charges/subscribe/{a}/{b}; DESIGN.md Real time. {a} is a transactionId, or 0
// for all the driver's sessions; {b} is the cursor: the id of the last event seen (0 at
// first). The answer holds until an event after the cursor exists or CHARGE_POLL_SECONDS
// pass; `cursor` is what to send next time, so a reconnecting client misses nothing.
export const subscribeCharges = defineContract({
  method: 'GET',
  path: '/api/charges/subscribe/:transactionId/:cursor',
  auth: 'user',
  summary: 'Long poll for events of the driver’s sessions after a cursor',
  tags: ['charges'],
  params: z.object({
    transactionId: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(0, { error: rule.invalid })
      .max(2_147_483_647, { error: rule.invalid }),
    cursor: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(0, { error: rule.invalid })
      .max(Number.MAX_SAFE_INTEGER, { error: rule.invalid }),
  }),
  query: z.object({
    /** Seconds to hold at most; tests and the browser journey ask for less. */
    wait: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(0, { error: rule.invalid })
      .max(CHARGE_POLL_SECONDS, { error: rule.invalid })
      .optional(),
  }),
  response: z.object({ cursor: z.number().int(), events: z.array(chargeEventSchema) }),
});
