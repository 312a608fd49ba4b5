import { z } from 'zod';
import {
  LOYALTY_CARD_NAME_MAX,
  loyaltyBarcodes,
  loyaltyCheckDigits,
} from '@evcharge/domain/loyalty';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7 Loyalty: GET /loyalty, /loyalty-company and /loyalty/check/available, POST /loyalty,
// PUT /loyalty/{Id}, DELETE /loyalty/{id}; SPEC §3 Loyalty card: Id, number, company.

const id = z.uuid({ error: rule.invalid });

export const loyaltyBenefitSchema = z.discriminatedUnion('kind', [
  /** A percentage off the energy of sessions at the brand's own stations. */
  z.object({ kind: z.literal('discount'), percent: z.number() }),
  /** Points per kWh charged at the brand's own stations. */
  z.object({ kind: z.literal('points'), pointsPerKwh: z.number() }),
]);

export const loyaltyCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The programme's logo (an image URL on this server). */
  logoUrl: z.string().nullable(),
  /** The card's colours: background and text, #rrggbb. */
  color: z.string(),
  textColor: z.string(),
  format: z.object({
    length: z.number().int(),
    prefix: z.string(),
    checkDigit: z.enum(loyaltyCheckDigits),
  }),
  /** How the card's number is drawn for the partner's till. */
  barcode: z.enum(loyaltyBarcodes),
  benefit: loyaltyBenefitSchema,
});
export type LoyaltyCompany = z.infer<typeof loyaltyCompanySchema>;

export const loyaltyCardSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string().nullable(),
  company: loyaltyCompanySchema,
  /** Points collected on a points card; null on a discount card. */
  points: z.number().int().nullable(),
  /** Used for every session unless the driver picks another at the start. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type LoyaltyCard = z.infer<typeof loyaltyCardSchema>;

/** What a loyalty card did for one session (the estimate, the live screen, the receipt). */
export const chargeLoyaltySchema = z.object({
  cardId: z.string(),
  companyName: z.string(),
  benefit: loyaltyBenefitSchema,
  /** Off the energy cost so far (final once the session ends), minor units; 0 for points. */
  discountMinor: z.number().int(),
  /** Points earned (on a points card, once the session ends), else null. */
  points: z.number().int().nullable(),
});
export type ChargeLoyalty = z.infer<typeof chargeLoyaltySchema>;

const cardNumber = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required })
  .max(40, { error: rule.tooLong });

const cardName = z.string().trim().max(LOYALTY_CARD_NAME_MAX, { error: rule.tooLong }).nullish();

export const listLoyaltyCompanies = defineContract({
  method: 'GET',
  path: '/api/loyalty-company',
  auth: 'user',
  summary: 'The partner loyalty programmes a driver can add a card of',
  tags: ['loyalty'],
  response: z.object({ items: z.array(loyaltyCompanySchema) }),
});

export const checkLoyaltyAvailable = defineContract({
  method: 'GET',
  path: '/api/loyalty/check/available',
  auth: 'user',
  summary: 'Whether this deployment offers any loyalty programme',
  tags: ['loyalty'],
  response: z.object({ available: z.boolean() }),
});

export const listLoyaltyCards = defineContract({
  method: 'GET',
  path: '/api/loyalty',
  auth: 'user',
  summary: 'The driver’s loyalty cards',
  tags: ['loyalty'],
  response: z.object({ items: z.array(loyaltyCardSchema) }),
});

export const createLoyaltyCard = defineContract({
  method: 'POST',
  path: '/api/loyalty',
  auth: 'user',
  summary: 'Add a loyalty card: its programme and number (checked by the programme’s format)',
  tags: ['loyalty'],
  body: z
    .object({ companyId: id, number: cardNumber, name: cardName, isDefault: z.boolean().optional() })
    .strict(),
  response: loyaltyCardSchema,
  status: 201,
});

export const updateLoyaltyCard = defineContract({
  method: 'PUT',
  path: '/api/loyalty/:Id',
  auth: 'user',
  summary: 'Rename a loyalty card, replace its number, or make it the default',
  tags: ['loyalty'],
  params: z.object({ Id: id }),
  body: z
    .object({ number: cardNumber.optional(), name: cardName, isDefault: z.boolean().optional() })
    .strict(),
  response: loyaltyCardSchema,
});

export const deleteLoyaltyCard = defineContract({
  method: 'DELETE',
  path: '/api/loyalty/:id',
  auth: 'user',
  summary: 'Remove a loyalty card',
  tags: ['loyalty'],
  params: z.object({ id }),
  response: okSchema,
});
