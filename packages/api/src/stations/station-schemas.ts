import { z } from 'zod';
import {
  availabilities,
  connectorStatuses,
  stationLabels,
} from '@evcharge/domain/connector-status';
import { chargeClasses } from '@evcharge/domain/charge-class';
import { weekDays } from '@evcharge/domain/station-hours';
import { currentTypes, socketTypeIds } from '@evcharge/domain/socket-type';
import { tariffSchema } from '@evcharge/domain/tariff';
import { currencySchema } from '@evcharge/domain/currency';
import { tariff as ocpiTariffSchema } from '../ocpi/types';
import { rule } from '@evcharge/domain/validation';
import { numberedPageOf, utcOffsetMinutesSchema } from '../paging';

const lat = z
  .number({ error: rule.number })
  .min(-90, { error: rule.invalid })
  .max(90, { error: rule.invalid });
const lng = z
  .number({ error: rule.number })
  .min(-180, { error: rule.invalid })
  .max(180, { error: rule.invalid });
const kw = z
  .number({ error: rule.number })
  .min(0, { error: rule.invalid })
  .max(1000, { error: rule.invalid });

// SPEC §2 filter: connector type, power in kW, distance, restricted places, roaming.
export const stationFilterSchema = z
  .object({
    /**
     * SPEC §5: at least one connector type ('No connector types chosen'). Missing or empty,
     * and nothing else wrong, answers 400 NO_CONNECTOR_TYPES; a value that is not a list
     * is `invalid` like any wrong type.
     */
    connectorTypes: z
      .array(z.enum(socketTypeIds, { error: rule.invalid }), { error: rule.invalid })
      .min(1, { error: rule.connectorTypes })
      .max(socketTypeIds.length * 2, { error: rule.invalid }),
    /** A station matches when one connector has a chosen type AND a power in this range. */
    powerKw: z
      .object({ min: kw.optional(), max: kw.optional() })
      .strict()
      .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, {
        error: rule.invalid,
        path: ['max'],
      })
      .optional(),
    /** Distance filter and sort origin: stations within `radiusKm` of the point. */
    near: z
      .object({
        lat,
        lng,
        radiusKm: z
          .number({ error: rule.number })
          .positive({ error: rule.invalid })
          .max(20_000, { error: rule.invalid })
          .optional(),
      })
      .strict()
      .optional(),
    /** Map viewport; west > east crosses the antimeridian. */
    bounds: z
      .object({ south: lat, west: lng, north: lat, east: lng })
      .strict()
      .refine((b) => b.south <= b.north, { error: rule.invalid, path: ['north'] })
      .optional(),
    /** Show stations with limited access ("restricted places"). */
    includeRestricted: z.boolean({ error: rule.invalid }).default(true),
    /** Show other operators' stations that appear through roaming. */
    includeRoaming: z.boolean({ error: rule.invalid }).default(true),
    /** Only stations where a matching connector (type and power) is free. */
    onlyAvailable: z.boolean({ error: rule.invalid }).default(false),
  })
  .strict();
export type StationFilter = z.input<typeof stationFilterSchema>;

export const pagingSchema = z.object({
  page: z
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(1, { error: rule.invalid })
    .default(1),
  pageSize: z
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(1, { error: rule.invalid })
    .max(200, { error: rule.invalid })
    .default(50),
});

export const connectorBriefSchema = z.object({
  socketType: z.enum(socketTypeIds),
  currentType: z.enum(currentTypes),
  powerKw: z.number(),
  status: z.enum(connectorStatuses),
});

export const stationSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2, lower case (a roaming partner's station may be outside SPEC §3's list). */
  country: z.string().regex(/^[a-z]{2}$/),
  lat: z.number(),
  lng: z.number(),
  /** Kilometres from `near`, when the filter had one. */
  distanceKm: z.number().nullable(),
  availability: z.enum(availabilities),
  label: z.enum(stationLabels),
  chargeClass: z.enum(chargeClasses),
  maxPowerKw: z.number(),
  freeConnectors: z.number().int(),
  totalConnectors: z.number().int(),
  connectors: z.array(connectorBriefSchema),
  isRoaming: z.boolean(),
  roamingOperator: z.string().nullable(),
  isLimitedAccess: z.boolean(),
  isPrivate: z.boolean(),
  supportsRfid: z.boolean(),
});
export type StationSummary = z.infer<typeof stationSummarySchema>;

/**
 * An empty answer (total 0) says why (SPEC §8): NO_STATIONS_FOUND when no station is in the
 * area (bounds and near+radius, restricted and roaming choices applied), NO_MATCHING_PORTS
 * when stations are there but none has a port of the chosen types, power and availability.
 * Null whenever something matched, also on a page past the end.
 */
export const emptyReasonSchema = z.enum(['NO_STATIONS_FOUND', 'NO_MATCHING_PORTS']).nullable();

/**
 * Nearest first, the list counts matches exactly up to this many (or up to the end of the page
 * asked, when further); beyond it `total` is a lower bound (`totalIsExact` false).
 */
export const STATION_TOTAL_COUNTED = 50;

export const stationPageSchema = numberedPageOf(stationSummarySchema).extend({
  emptyReason: emptyReasonSchema,
  /**
   * Whether `total` counts every match. Nearest first (with `near`) the search stops soon
   * after the page: past STATION_TOTAL_COUNTED matches it only knows there are at least
   * `total` (more than the pages shown, so paging on by `total` still works).
   */
  totalIsExact: z.boolean(),
});

/**
 * Every matching station in the viewport as parallel arrays (compact for 100,000 points):
 * availability 0 free, 1 busy, 2 offline; chargeClass 0 slow, 1 normal, 2 fast.
 */
export const stationPointsSchema = z.object({
  ids: z.array(z.string()),
  lat: z.array(z.number()),
  lng: z.array(z.number()),
  availability: z.array(z.number().int()),
  chargeClass: z.array(z.number().int()),
  maxPowerKw: z.array(z.number()),
  emptyReason: emptyReasonSchema,
});

export const connectorDetailSchema = connectorBriefSchema.extend({
  id: z.string(),
  number: z.number().int(),
  amperage: z.number(),
  chargeClass: z.enum(chargeClasses),
  /** SPEC §4 numeric status (Available 1 …), null for statuses without one. */
  statusCode: z.number().int().nullable(),
  /** When the status began, ISO 8601 in the client's UTC offset (`offset` query). */
  statusSince: z.string(),
  /** The code printed on this connector and carried by its QR code (/c/{qrCode}). */
  qrCode: z.string(),
  /** Held by a reservation now (SPEC §4 Reserved 8): until when, and whether it is the reader's. */
  reservedUntil: z.string().nullable(),
  isReservedByMe: z.boolean(),
  /** At a roaming partner's station: the id of the partner's tariff for it (roaming.tariffs). */
  roamingTariffId: z.string().nullable(),
});

const period = z.object({ from: z.string(), to: z.string() });
export const scheduleSchema = z.object({
  mo: z.array(period),
  tu: z.array(period),
  we: z.array(period),
  th: z.array(period),
  fr: z.array(period),
  sa: z.array(period),
  su: z.array(period),
});

/**
 * SPEC §1 roaming: another operator's station is priced by its OCPI 2.2.1 tariffs; the driver
 * pays them with our markup, converted into their wallet's currency at `rate` (wallet units for
 * one unit of the partner's currency; null: we cannot charge this wallet there).
 */
export const roamingPriceSchema = z.object({
  operator: z.string(),
  markupPercent: z.number(),
  walletCurrency: currencySchema,
  rate: z.string().nullable(),
  tariffs: z.array(ocpiTariffSchema),
});
export type RoamingPrice = z.infer<typeof roamingPriceSchema>;

export const stationDetailSchema = stationSummarySchema
  .omit({ distanceKm: true, connectors: true })
  .extend({
    altName: z.string(),
    region: z.string(),
    /** Opening periods per week day in the station's local time. */
    schedule: scheduleSchema,
    workHours: z.string(),
    utcOffsetMinutes: z.number().int(),
    /** Whether the station is open at the moment of the answer (domain/station-hours). */
    isOpenNow: z.boolean(),
    /** When a closed station opens next, in its local time; null when open or never. */
    opensAt: z.object({ day: z.enum(weekDays), time: z.string() }).nullable(),
    connectors: z.array(connectorDetailSchema),
    /** Our tariff; null at a roaming partner's station, which has the partner's (roaming). */
    tariff: tariffSchema.nullable(),
    /** SPEC §9: parking is charged only after this many idle minutes (from the tariff). */
    freeIdleMinutes: z.number().int(),
    /** SPEC §3: the tariff change time (in the client's offset) and the tariff from then on. */
    tariffChangesAt: z.string().nullable(),
    nextTariff: tariffSchema.nullable(),
    isFavourite: z.boolean(),
    /** A chosen period can be reserved here; the quick 15 minutes can at every station. */
    supportsPeriodReservation: z.boolean(),
    roaming: roamingPriceSchema.nullable(),
  });
export type StationDetail = z.infer<typeof stationDetailSchema>;

/** The client's UTC offset in minutes (east positive), for local times in the answer. */
export const offsetQuerySchema = z.object({ offset: utcOffsetMinutesSchema.optional() });
