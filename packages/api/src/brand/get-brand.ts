import { z } from 'zod';
import { notificationTypes } from '@evcharge/domain/constants';
import { defineContract } from '../contract';

export const brandSchema = z.object({
  id: z.string(),
  title: z.string(),
  shortTitle: z.string(),
  iconUrl: z.string(),
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
  analyticsCounterId: z.string().nullable(),
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

export const getBrand = defineContract({
  method: 'GET',
  path: '/api/brand',
  auth: 'public',
  summary: "The deployment's brand: title, colours, support, map, legal versions",
  tags: ['brand'],
  response: brandSchema,
});
