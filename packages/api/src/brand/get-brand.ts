import { z } from 'zod';
import { languages, notificationTypes } from '@evcharge/domain/constants';
import { currencySchema } from '@evcharge/domain/currency';
import { defineContract } from '../contract';

/** A text the brand writes itself, in every interface language. */
export const brandTextSchema = z.object(
  Object.fromEntries(languages.map((language) => [language, z.string()])) as Record<
    (typeof languages)[number],
    z.ZodString
  >,
);
export type BrandText = z.infer<typeof brandTextSchema>;

export const shopItemKinds = ['rfid', 'cable', 'adapter', 'homeCharger'] as const;

/** SPEC §2 shop: the brand's goods, priced in the brand's currency (minor units). */
export const shopItemSchema = z.object({
  id: z.string(),
  kind: z.enum(shopItemKinds),
  title: brandTextSchema,
  description: brandTextSchema,
  imageUrl: z.string(),
  priceMinor: z.number().int().positive(),
  /** At most this many in one order. */
  maxPerOrder: z.number().int().positive(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/**
 * SPEC §1 private stations: what an owner may charge others (per kWh, per minute, parking per
 * minute; minor units of the brand's currency) and the platform's fee on what others pay.
 */
export const privateStationTermsSchema = z.object({
  platformFeePercent: z.number().min(0).max(100),
  maxPerKwhMinor: z.number().int().nonnegative(),
  maxPerMinuteMinor: z.number().int().nonnegative(),
  maxParkingPerMinuteMinor: z.number().int().nonnegative(),
});
export type PrivateStationTerms = z.infer<typeof privateStationTermsSchema>;

/**
 * SPEC §1: the web-analytics counter that starts on load, as the brand names it (none, a
 * Matomo server, a Yandex Metrica counter). The app loads it after the first paint, and the
 * Content-Security-Policy allows its origin only for a brand that has it.
 */
export const analyticsCounterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  /** `url` is the Matomo server's base, ending in `/` (matomo.js and matomo.php under it). */
  z.object({ kind: z.literal('matomo'), url: z.string(), siteId: z.string() }),
  z.object({ kind: z.literal('yandexMetrica'), id: z.number().int() }),
]);
export type AnalyticsCounter = z.infer<typeof analyticsCounterSchema>;

export const brandSchema = z.object({
  id: z.string(),
  title: z.string(),
  shortTitle: z.string(),
  /** The brand's mark (SVG): the tab's icon, the app's icon, the header's logo. */
  iconUrl: z.string(),
  /** The same mark with room around it for launchers that crop icons (Web App Manifest). */
  maskableIconUrl: z.string(),
  colors: z.object({ primary: z.string(), primaryDark: z.string(), accent: z.string() }),
  support: z.object({
    contacts: z.array(z.object({ type: z.enum(notificationTypes), value: z.string() })),
    /** Local times "HH:MM" at `utcOffsetMinutes`. */
    hours: z.object({ from: z.string(), to: z.string(), utcOffsetMinutes: z.number().int() }),
    responseMinutes: z.number().int(),
  }),
  currency: z.string(),
  country: z.string(),
  map: z.object({
    tileUrl: z.string(),
    attribution: z.string(),
    center: z.tuple([z.number(), z.number()]),
    zoom: z.number(),
  }),
  /** Where `isNewDesign=true` sends the browser (SPEC §4). */
  mainSiteUrl: z.string(),
  privacyPolicyVersion: z.string(),
  analytics: analyticsCounterSchema,
  privateStations: privateStationTermsSchema,
  /** Who sells on the receipts, and the VAT in the prices (null: not a VAT payer). */
  seller: z.object({
    name: z.string(),
    taxId: z.string(),
    address: z.string(),
    email: z.string(),
    vatRatePercent: z.number().nullable(),
  }),
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * SPEC §1 roaming: what a driver pays at another operator's station is the partner's price
 * (its OCPI tariff) plus our markup, converted into the driver's wallet currency at the rate
 * set here: `rates[partner currency][wallet currency]`, a decimal written as text so that it
 * stays exact (domain/roaming-price.ts). A pair without a rate cannot be charged.
 */
export const roamingTermsSchema = z.object({
  markupPercent: z.number().min(0).max(100),
  rates: z.record(z.string(), z.record(z.string(), z.string().regex(/^\d+(\.\d+)?$/))),
});
export type RoamingTerms = z.infer<typeof roamingTermsSchema>;

/**
 * A deployment's brand as the server keeps it: what GET /api/brand answers, and the shop's
 * catalogue, which has endpoints of its own (it is not part of every page's first request).
 */
/**
 * SPEC §3 parking fee: the most parking may cost in one session, in minor units of each
 * currency a station may be priced in (real networks cap idle fees). Fixed on the session when
 * it starts; billed parking stops at the ceiling while the car may still stand there.
 */
export const parkingFeeCapSchema = z.record(currencySchema, z.number().int().nonnegative());
export type ParkingFeeCap = z.infer<typeof parkingFeeCapSchema>;

export const brandConfigSchema = brandSchema.extend({
  shop: z.object({ items: z.array(shopItemSchema), deliveryMinor: z.number().int().nonnegative() }),
  roaming: roamingTermsSchema,
  parkingFeeCapMinor: parkingFeeCapSchema,
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

export const getBrand = defineContract({
  method: 'GET',
  path: '/api/brand',
  auth: 'public',
  summary:
    "The brand of the host asked (the deployment's, unless BRAND_HOSTS names the host): title, colours, support, map, legal versions",
  tags: ['brand'],
  response: brandSchema,
});
