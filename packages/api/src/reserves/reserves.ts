import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { reservationModes, reservationStatuses } from '@evcharge/domain/reservation';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { offsetPagingQuerySchema, pageOf } from '../paging';

// SPEC §7 Reserves; §3 Reservation (per socket: start, end, fixed cost, idle-minute cost);
// §4 the quick 15 minutes or a chosen period; §5 dates checked, 'Station already booked'.
// Times are ISO 8601 in UTC; the station's UTC offset comes with them for its local time.

/**
 * Why the charge point did not hold the connector (OCPP 1.6 ReserveNow.conf), or could not be
 * asked, or why the reservation was called off.
 */
export const reservationFailReasons = [
  'Occupied',
  'Faulted',
  'Unavailable',
  'Rejected',
  'offline',
  'timeout',
  /** SPEC §1 private stations: the owner no longer shares the station for the period. */
  'withdrawn',
  /** A partner's station (OCPI 2.2.1 §13.4.2 NOT_SUPPORTED): it does not take reservations. */
  'notSupported',
  /** A partner's station could not carry the reservation out (FAILED, CANCELED_RESERVATION). */
  'failed',
] as const;

export const reservationSchema = z.object({
  id: z.string(),
  status: z.enum(reservationStatuses),
  mode: z.enum(reservationModes),
  stationId: z.string(),
  stationName: z.string(),
  stationAddress: z.string(),
  lat: z.number(),
  lng: z.number(),
  utcOffsetMinutes: z.number().int(),
  connectorId: z.string(),
  connectorNumber: z.number().int(),
  socketType: z.string(),
  powerKw: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the charge point began to hold it (the fixed cost was charged then). */
  begunAt: z.string().nullable(),
  /** When it stopped holding: started, cancelled, expired or failed. */
  endedAt: z.string().nullable(),
  fixedCostMinor: z.number().int(),
  idleMinuteCostMinor: z.number().int(),
  currency: z.enum(currencies),
  /** The fixed cost and the idle minutes so far (or in all, once it ended). */
  costMinor: z.number().int(),
  idleMinutes: z.number().int(),
  /** What cancelling now would cost: nothing before it begins. */
  cancelCostMinor: z.number().int(),
  payWith: z.enum(['balance', 'card', 'company']),
  /**
   * SPEC §3 currencies: paid from a wallet of another currency than the station's prices: its
   * prices and cost in the station's currency and the brand's rate they were converted at (the
   * amounts above are the wallet's). Null: priced in `currency`.
   */
  exchange: z
    .object({
      currency: z.enum(currencies),
      fixedCostMinor: z.number().int(),
      idleMinuteCostMinor: z.number().int(),
      costMinor: z.number().int(),
      rate: z.string(),
    })
    .nullable(),
  failReason: z.enum(reservationFailReasons).nullable(),
  /** The session it became (its OCPP transactionId) when the driver started on it. */
  transactionId: z.number().int().nullable(),
  receiptId: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

const id = z.uuid({ error: rule.invalid });

// SPEC §7 GET /user-reserves: current ones (scheduled, active) first, then the past, newest first.
export const listUserReserves = defineContract({
  method: 'GET',
  path: '/api/user-reserves',
  auth: 'user',
  summary: 'The driver’s current and past reservations',
  tags: ['reserves'],
  query: offsetPagingQuerySchema,
  response: pageOf(reservationSchema),
});

// One of the driver's reservations (its screen), past or current.
export const getReserve = defineContract({
  method: 'GET',
  path: '/api/reserve/:id',
  auth: 'user',
  summary: 'One of the driver’s reservations, with what it cost so far or in all',
  tags: ['reserves'],
  params: z.object({ id }),
  response: reservationSchema,
});

/** What a reservation on this connector would cost and how it would be paid, now. */
export const reserveQuoteSchema = z.object({
  fixedCostMinor: z.number().int(),
  idleMinuteCostMinor: z.number().int(),
  currency: z.enum(currencies),
  /** The quick reservation's most: fixed cost and every minute of it. */
  quickMaxCostMinor: z.number().int(),
  payWith: z.enum(['balance', 'card', 'company']).nullable(),
  /**
   * The same refusals as a start (SPEC §5, §8): debt, funds, a blocked card, a closed station,
   * or its label (SPEC §4: not working, under repair, opening soon).
   */
  blockedBy: z
    .enum(['closed', 'notWorking', 'underRepair', 'openingSoon', 'debt', 'funds', 'cardBlocked'])
    .nullable(),
  /** The payer's wallet and the minimum it needs, in the wallet's own currency. */
  balanceMinor: z.number().int(),
  minBalanceMinor: z.number().int(),
  balanceCurrency: z.enum(currencies),
  /**
   * SPEC §3 currencies: the station prices in another currency than the wallet that would pay:
   * its prices there and the brand's rate the wallet pays them at (the amounts above are
   * converted). Null: nothing to convert (same currency, or a card pays in the station's).
   */
  exchange: z
    .object({
      currency: z.enum(currencies),
      fixedCostMinor: z.number().int(),
      idleMinuteCostMinor: z.number().int(),
      quickMaxCostMinor: z.number().int(),
      rate: z.string(),
    })
    .nullable(),
  /** A chosen period can be reserved here (the station supports it). */
  supportsPeriod: z.boolean(),
  quickMinutes: z.number().int(),
  maxPeriodMinutes: z.number().int(),
  horizonDays: z.number().int(),
  stepMinutes: z.number().int(),
});

/** The periods already taken on the connector from now to the horizon, for the pickers. */
const takenSchema = z.array(z.object({ startsAt: z.string(), endsAt: z.string() }));

// SPEC §7 GET /reserve/socket/{id}/now_v2: the connector's reservation state now.
export const connectorReserveNowV2 = defineContract({
  method: 'GET',
  path: '/api/reserve/socket/:id/now_v2',
  auth: 'user',
  summary: 'The connector’s reservation now: free, yours (with its times) or someone else’s until when',
  tags: ['reserves'],
  params: z.object({ id }),
  response: z.object({
    state: z.enum(['free', 'mine', 'taken']),
    /** Yours, when `mine`. */
    reservation: reservationSchema.nullable(),
    /** When someone else's reservation frees it, when `taken`. */
    takenUntil: z.string().nullable(),
    taken: takenSchema,
    quote: reserveQuoteSchema,
  }),
});

// SPEC §7 GET /reserve/socket/{id}/now: the short form.
export const connectorReserveNow = defineContract({
  method: 'GET',
  path: '/api/reserve/socket/:id/now',
  auth: 'user',
  summary: 'Whether the connector is reserved now, by whom (you or someone else) and until when',
  tags: ['reserves'],
  params: z.object({ id }),
  response: z.object({
    state: z.enum(['free', 'mine', 'taken']),
    until: z.string().nullable(),
    reservationId: z.string().nullable(),
  }),
});

export const createReserveBodySchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ connectorId: id, mode: z.literal('quick') }).strict(),
    z
      .object({
        connectorId: id,
        mode: z.literal('period'),
        startsAt: z.iso.datetime({ offset: true, error: rule.required }),
        endsAt: z.iso.datetime({ offset: true, error: rule.required }),
      })
      .strict(),
  ],
  { error: rule.invalid },
);
export type CreateReserveBody = z.infer<typeof createReserveBodySchema>;

// SPEC §7 POST /reserve/create. Money moves (the card may be held): an Idempotency-Key.
export const createReserve = defineContract({
  method: 'POST',
  path: '/api/reserve/create',
  auth: 'user',
  summary: 'Reserve a connector for the next 15 minutes or a chosen period',
  tags: ['reserves'],
  body: createReserveBodySchema,
  response: reservationSchema,
  idempotent: true,
});

// SPEC §7 DELETE /reserve/{id}/now/{x}: x is the reserved connector's id.
export const cancelReserve = defineContract({
  method: 'DELETE',
  path: '/api/reserve/:id/now/:x',
  auth: 'user',
  summary: 'Cancel a reservation: free before it begins, its cost so far after',
  tags: ['reserves'],
  params: z.object({ id, x: id }),
  response: reservationSchema,
});
