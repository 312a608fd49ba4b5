import { z } from 'zod';
import { numberedPageOf, pageQuerySchema } from '../paging';
import { defineContract } from '../contract';

// The staff console's meter anomalies (SPEC §6 the administrator interface): sessions whose
// charge point's meter claimed more energy than the connector could deliver in the time. Each
// was billed on its plausible readings only; staff see what was claimed, what was billed and
// where, newest first, to check the charge point. Administrators and support; anyone else gets
// 404, as for a route that does not exist.

export const meterAnomalySchema = z.object({
  sessionId: z.string(),
  transactionId: z.number().int(),
  status: z.string(),
  station: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  connectorNumber: z.number().int(),
  /** The connector's rated power, the bound of what its meter is believed. */
  connectorPowerW: z.number().int(),
  /** A partner's station (the claim came in its CDR). */
  isRoaming: z.boolean(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** When the claim was first seen. */
  foundAt: z.string(),
  /** The most energy the meter claimed since the start (Wh), kept for the record. */
  claimedWh: z.number(),
  /** The energy billed (Wh): the plausible readings' only. */
  billedWh: z.number().int(),
  costMinor: z.number().int(),
  currency: z.string(),
});
export type MeterAnomaly = z.infer<typeof meterAnomalySchema>;

export const listMeterAnomalies = defineContract({
  method: 'GET',
  path: '/api/admin/meter-anomalies',
  auth: 'user',
  summary: 'Staff (admin, support): sessions whose meter claimed more than the connector delivers',
  tags: ['admin'],
  query: pageQuerySchema,
  response: numberedPageOf(meterAnomalySchema),
});
