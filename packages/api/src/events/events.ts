import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { userEventTypes } from '@evcharge/domain/user-events';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { pageOf, pagePositionSchema, pageQuerySchema } from '../paging';

// SPEC §7 Events, companies, likes: GET /events and /events/{guid}. The driver's notifications,
// newest first; opening one marks it read. `data` holds what the text needs (the web
// translates it), not the text.

const optionalInt = z.number().int().optional();
const optionalText = z.string().nullable().optional();

/** What the texts need; each type fills in its own (apps/server/src/modules/events). */
export const userEventDataSchema = z.object({
  transactionId: optionalInt,
  stationId: optionalText,
  stationName: optionalText,
  energyWh: optionalInt,
  costMinor: optionalInt,
  currency: z.enum(currencies).optional(),
  durationSeconds: optionalInt,
  /** limitReached: `limit` or `full` (SPEC §4 "until fully charged"). */
  reason: optionalText,
  limitMode: optionalText,
  /** parkingStarted: the price a minute once the free idle minutes are over, and when. */
  parkingPerMinuteMinor: optionalInt,
  freeMinutes: optionalInt,
  feeStartsAt: optionalText,
  /**
   * sessionAdjusted: the new total less what was billed when the session was closed; positive
   * was charged extra, negative was returned to the balance.
   */
  differenceMinor: optionalInt,
  /** The reservation events (SPEC §4 reservation): which one, where, its period, why it failed. */
  reservationId: optionalText,
  connectorNumber: z.number().int().nullable().optional(),
  startsAt: optionalText,
  endsAt: optionalText,
  utcOffsetMinutes: z.number().int().nullable().optional(),
  failReason: optionalText,
  /** supportAnswered: the answer's text and its place in the conversation (SPEC §2 chat). */
  text: optionalText,
  seq: optionalInt,
});
export type UserEventData = z.infer<typeof userEventDataSchema>;

export const userEventSchema = z.object({
  id: z.string(),
  type: z.enum(userEventTypes),
  data: userEventDataSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type UserEvent = z.infer<typeof userEventSchema>;

export const listEvents = defineContract({
  method: 'GET',
  path: '/api/events',
  auth: 'user',
  summary: 'The driver’s notifications, newest first, with the number still unread',
  tags: ['events'],
  query: pageQuerySchema,
  response: pageOf(userEventSchema).extend({
    unreadCount: z.number().int(),
    ...pagePositionSchema.shape,
  }),
});

export const getEvent = defineContract({
  method: 'GET',
  path: '/api/events/:guid',
  auth: 'user',
  summary: 'One of the driver’s notifications; reading it marks it read',
  tags: ['events'],
  params: z.object({ guid: z.uuid({ error: rule.invalid }) }),
  response: userEventSchema,
});
