import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { numberedPageOf, pageQuerySchema, utcOffsetMinutesSchema } from '../paging';
import { chargeSchema } from './charge-schemas';

const isoDate = z.iso.datetime({ offset: true, error: rule.invalid });

// SPEC §7 GET /v2/charges: the history, newest first, paged.
export const listCharges = defineContract({
  method: 'GET',
  path: '/api/v2/charges',
  auth: 'user',
  summary: 'Finished and open sessions of the driver, newest first',
  tags: ['charges'],
  query: pageQuerySchema.extend({
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  response: numberedPageOf(chargeSchema),
});

// The dashboard: totals of the driver's finished sessions in a period (this month).
export const chargeSummary = defineContract({
  method: 'GET',
  path: '/api/charges/summary',
  auth: 'user',
  summary: 'Energy, cost and number of finished sessions in a period',
  tags: ['charges'],
  query: z.object({
    from: isoDate,
    to: isoDate,
    /** The client's UTC offset in minutes (east positive): what a day is. */
    offset: utcOffsetMinutesSchema.default(0),
  }),
  response: z.object({
    sessions: z.number().int(),
    energyWh: z.number().int(),
    durationSeconds: z.number().int(),
    /** One total per currency the driver paid in. */
    costs: z.array(z.object({ currency: z.enum(currencies), amountMinor: z.number().int() })),
    /** Energy per day of the period, oldest first (YYYY-MM-DD in the client's offset). */
    days: z.array(z.object({ date: z.string(), energyWh: z.number().int() })),
  }),
});
