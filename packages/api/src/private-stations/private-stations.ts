import { z } from 'zod';
import { connectorStatuses } from '@evcharge/domain/connector-status';
import { currencies } from '@evcharge/domain/currency';
import {
  SHARING_MAX_DATES_OFF,
  SHARING_PERIODS_PER_DAY,
  isCalendarDate,
  sharingEndPattern,
  sharingTimePattern,
} from '@evcharge/domain/private-station';
import { currentTypes, socketTypeIds } from '@evcharge/domain/socket-type';
import { requiredText, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7 Stations and charge points: POST /chargestation/private (add a private station by its
// code), GET /chargestation/get/private (SPEC §2 myCharges: the driver's own stations), DELETE
// /chargestation/private/{id} (release it), GET and PUT
// /chargestation/private/{id}/get|save/schedule (SPEC §2 schedule of a private station: when
// other drivers may use it and what they pay). SPEC §6 station owner.

const id = z.uuid({ error: rule.invalid });

/** A period of a day: "HH:MM" to "HH:MM" (or "24:00"), the start before the end. */
export const sharingPeriodSchema = z
  .object({
    from: z.string({ error: rule.required }).regex(sharingTimePattern, { error: rule.timeFormat }),
    to: z.string({ error: rule.required }).regex(sharingEndPattern, { error: rule.timeFormat }),
  })
  .refine((period) => period.from < period.to, { error: rule.periodOrder, path: ['to'] });

const dayPeriods = z.array(sharingPeriodSchema).max(SHARING_PERIODS_PER_DAY, { error: rule.tooLong });

export const sharingWeekSchema = z.object({
  mo: dayPeriods,
  tu: dayPeriods,
  we: dayPeriods,
  th: dayPeriods,
  fr: dayPeriods,
  sa: dayPeriods,
  su: dayPeriods,
});

const priceMinor = z.number({ error: rule.number }).int({ error: rule.number }).min(0, { error: rule.number });

/** The owner's price for other drivers, minor units of the station's currency. */
export const ownerPricesSchema = z.object({
  perKwhMinor: priceMinor,
  perMinuteMinor: priceMinor,
  parkingPerMinuteMinor: priceMinor,
});
export type OwnerPrices = z.infer<typeof ownerPricesSchema>;

export const sharingScheduleBodySchema = z.object({
  isShared: z.boolean({ error: rule.required }),
  weekly: sharingWeekSchema,
  /** Local dates (YYYY-MM-DD) on which it is not shared. */
  datesOff: z
    .array(z.string().refine(isCalendarDate, { error: rule.dateFormat }))
    .max(SHARING_MAX_DATES_OFF, { error: rule.tooLong }),
  prices: ownerPricesSchema,
});
export type SharingScheduleBody = z.infer<typeof sharingScheduleBodySchema>;

export const sharingScheduleSchema = sharingScheduleBodySchema.extend({
  stationId: z.string(),
  currency: z.enum(currencies),
  /** The brand's limits on the owner's prices (GET /api/brand privateStations). */
  limits: z.object({
    maxPerKwhMinor: z.number().int(),
    maxPerMinuteMinor: z.number().int(),
    maxParkingPerMinuteMinor: z.number().int(),
  }),
  /** What the platform keeps of what others pay. */
  platformFeePercent: z.number(),
  /** The station's offset from UTC: the hours and dates are its local time. */
  utcOffsetMinutes: z.number().int(),
  /** Whether other drivers may use it right now. */
  isSharedNow: z.boolean(),
  /** When that next changes (within a week), ISO time. */
  nextChangeAt: z.string().nullable(),
});
export type SharingSchedule = z.infer<typeof sharingScheduleSchema>;

export const ownerConnectorSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  socketType: z.enum(socketTypeIds),
  currentType: z.enum(currentTypes),
  powerKw: z.number(),
  status: z.enum(connectorStatuses),
  statusCode: z.number().int().nullable(),
  statusSince: z.string(),
  /** A faulted connector: the charge point's OCPP error code and its words (StatusNotification). */
  fault: z.object({ errorCode: z.string(), info: z.string().nullable() }).nullable(),
});

export const ownerSessionSchema = z.object({
  transactionId: z.number().int(),
  connectorNumber: z.number().int(),
  /** The owner's own session (free) or another driver's (who is not named). */
  isOwn: z.boolean(),
  status: z.string(),
  energyWh: z.number().int(),
  costMinor: z.number().int(),
  currency: z.enum(currencies),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** What it earned the owner (another driver's finished session); null otherwise. */
  earnedMinor: z.number().int().nullable(),
});
export type OwnerSession = z.infer<typeof ownerSessionSchema>;

const moneyTotalSchema = z.object({ currency: z.enum(currencies), amountMinor: z.number().int() });

export const privateStationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  utcOffsetMinutes: z.number().int(),
  /** Its charge point is connected now. */
  isOnline: z.boolean(),
  lastSeenAt: z.string().nullable(),
  isShared: z.boolean(),
  isSharedNow: z.boolean(),
  connectors: z.array(ownerConnectorSchema),
  /** The latest sessions on it since the owner added it, newest first. */
  sessions: z.array(ownerSessionSchema),
  /** What it earned, per currency. */
  earned: z.array(moneyTotalSchema),
});
export type PrivateStation = z.infer<typeof privateStationSchema>;

export const claimPrivateStation = defineContract({
  method: 'POST',
  path: '/api/chargestation/private',
  auth: 'user',
  summary: 'Add a private station by its code and the secret printed beside it',
  tags: ['private stations'],
  body: z.object({ code: requiredText(40), secret: requiredText(64) }),
  response: privateStationSchema,
});

export const listPrivateStations = defineContract({
  method: 'GET',
  path: '/api/chargestation/get/private',
  auth: 'user',
  summary: 'The driver’s own stations: live connectors, sessions, earnings',
  tags: ['private stations'],
  response: z.object({
    items: z.array(privateStationSchema),
    /** Every station's earnings together, per currency. */
    earnings: z.array(moneyTotalSchema),
  }),
});

export const releasePrivateStation = defineContract({
  method: 'DELETE',
  path: '/api/chargestation/private/:id',
  auth: 'user',
  summary: 'Release an own station: it waits unclaimed for its code again',
  tags: ['private stations'],
  params: z.object({ id }),
  response: okSchema,
});

export const getSharingSchedule = defineContract({
  method: 'GET',
  path: '/api/chargestation/private/:id/get/schedule',
  auth: 'user',
  summary: 'When an own station is shared with other drivers, and their price',
  tags: ['private stations'],
  params: z.object({ id }),
  response: sharingScheduleSchema,
});

export const saveSharingSchedule = defineContract({
  method: 'PUT',
  path: '/api/chargestation/private/:id/save/schedule',
  auth: 'user',
  summary: 'Set when an own station is shared with other drivers, and their price',
  tags: ['private stations'],
  params: z.object({ id }),
  body: sharingScheduleBodySchema,
  response: sharingScheduleSchema,
});
