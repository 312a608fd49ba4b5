import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { chargeSchema } from './charge-schemas';

const isoDate = z.iso.datetime({ offset: true, error: rule.invalid });

// SPEC §7 GET /v2/charges: the history, newest first, paged.
export const listCharges = defineContract({
  method: 'GET',
  path: '/api/v2/charges',
  auth: 'user',
  summary: 'Finished and open sessions of the driver, newest first',
  tags: ['charges'],
  query: z.object({
    page: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(1, { error: rule.invalid })
      .default(1),
    pageSize: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(1, { error: rule.invalid })
      .max(100, { error: rule.invalid })
      .default(20),
    from: isoDate.optional(),
    to: isoDate.optional(),
  }),
  response: z.object({
    items: z.array(chargeSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
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
    offset: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(-14 * 60, { error: rule.invalid })
      .max(14 * 60, { error: rule.invalid })
      .default(0),
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
