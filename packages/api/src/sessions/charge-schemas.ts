import { z } from 'zod';
import {
  chargeLimitBodySchema,
  chargingProfiles,
  sessionStatuses,
} from '@evcharge/domain/charging';
import { connectorStatuses } from '@evcharge/domain/connector-status';
import { currencies } from '@evcharge/domain/currency';
import { currentTypes, socketTypeIds } from '@evcharge/domain/socket-type';
import { limitModes, rule } from '@evcharge/domain/validation';
import { chargeLoyaltySchema } from '../loyalty/loyalty';

// SPEC §3 Charge/session and §4 session statuses, as the charging screens read them.

export { isSessionOpen, sessionStatuses, type SessionStatus } from '@evcharge/domain/charging';

export const transactionIdSchema = z.coerce
  .number({ error: rule.number })
  .int({ error: rule.invalid })
  .positive({ error: rule.invalid })
  .max(2_147_483_647, { error: rule.invalid });

export const chargeSchema = z.object({
  /** OCPP transactionId: the session's number everywhere in the API. */
  transactionId: z.number().int(),
  status: z.enum(sessionStatuses),
  station: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    address: z.string(),
    utcOffsetMinutes: z.number().int(),
  }),
  connector: z.object({
    id: z.string(),
    number: z.number().int(),
    socketType: z.enum(socketTypeIds),
    currentType: z.enum(currentTypes),
    powerKw: z.number(),
    status: z.enum(connectorStatuses),
  }),
  limit: z.object({ mode: z.enum(limitModes), value: z.number().nullable() }),
  profile: z.enum(chargingProfiles),
  carId: z.string().nullable(),
  /** Energy since the start in Wh, power now in W, state of charge in %. */
  energyWh: z.number().int(),
  powerW: z.number().int().nullable(),
  socPercent: z.number().int().nullable(),
  /** The cost so far (final once `success`), minor units of `currency`. */
  costMinor: z.number().int(),
  currency: z.enum(currencies),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  /** When charging ended (StopTransaction); a parked session ends when the car leaves. */
  chargingEndedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  parkingStartedAt: z.string().nullable(),
  /** Charging seconds so far (until charging ended), and parking seconds so far. */
  durationSeconds: z.number().int(),
  parkingSeconds: z.number().int(),
  /** Minutes left until the limit or a full battery, when it can be told. */
  remainingMinutes: z.number().int().nullable(),
  /** SPEC §9: parking is free for this many minutes, then costs per minute. */
  freeIdleMinutes: z.number().int(),
  parkingPerMinuteMinor: z.number().int(),
  /** Parking fee so far (part of costMinor). */
  parkingCostMinor: z.number().int(),
  /** SPEC §3 parking fee: the most parking may cost in the session (the brand's ceiling); null: none. */
  parkingFeeCapMinor: z.number().int().nullable(),
  /** Why it ended: Local, Remote, EVDisconnected, limit, ghost, timeout, EmergencyStop … */
  stopReason: z.string().nullable(),
  /**
   * How its energy was counted, when not simply from the stop's meter: `lastReading`, the last
   * sane reading (the stop's meter was impossible, or no stop came); `reconciled`, closed without
   * a stop and later corrected by the stop's own meter (the difference has its own receipt);
   * `implausible`, the meter claimed more than the connector can deliver in the time, and only
   * its plausible readings are billed (meter-timeline.ts on the server).
   */
  meterNote: z.enum(['lastReading', 'reconciled', 'implausible']).nullable(),
  /** The driver has closed the finished session's summary. */
  isUserClosed: z.boolean(),
  /** The loyalty card the session runs with (SPEC §7 Loyalty): its discount (part of costMinor) or points. */
  loyalty: chargeLoyaltySchema.nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const chargeSampleSchema = z.object({
  at: z.string(),
  energyWh: z.number().int(),
  powerW: z.number().int().nullable(),
  socPercent: z.number().int().nullable(),
});

/** One session with its readings over time, for the chart and the details. */
export const chargeDetailSchema = chargeSchema.extend({
  samples: z.array(chargeSampleSchema),
  costItems: z.array(
    z.object({ kind: z.string(), amountMinor: z.number().int(), quantity: z.number() }),
  ),
});
export type ChargeDetail = z.infer<typeof chargeDetailSchema>;

export const startChargeBodySchema = z
  .object({
    connectorId: z.uuid({ error: rule.invalid }),
    limit: chargeLimitBodySchema,
    profile: z.enum(chargingProfiles, { error: rule.invalid }).default('fast'),
    carId: z.uuid({ error: rule.invalid }).nullish(),
    /** The loyalty card to use: omitted for the driver's default one, null for none. */
    loyaltyCardId: z.uuid({ error: rule.invalid }).nullish(),
  })
  .strict();
export type StartChargeBody = z.input<typeof startChargeBodySchema>;

export const chargeEventKinds = [
  'started',
  'updated',
  'status',
  'limitReached',
  'ghostStopped',
  'parking',
  'finished',
  'cancelled',
] as const;

export const chargeEventSchema = z.object({
  /** The cursor: events come in id order; ask again with the last id to miss none. */
  id: z.number().int(),
  kind: z.enum(chargeEventKinds),
  transactionId: z.number().int(),
  at: z.string(),
  /** The reading that came with an `updated` event: a point for the chart. */
  sample: chargeSampleSchema.nullable(),
  /** Why, for limitReached, ghostStopped, finished and cancelled (limit, ghost, timeout …). */
  reason: z.string().nullable(),
  /** The session as it stands now (not as it was at the event). */
  charge: chargeSchema,
});
export type ChargeEvent = z.infer<typeof chargeEventSchema>;
