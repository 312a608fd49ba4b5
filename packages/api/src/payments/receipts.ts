import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { reservationSchema } from '../reserves/reserves';
import { chargeSchema } from '../sessions/charge-schemas';
import { offsetPagingQuerySchema, pageOf } from '../paging';
import { receiptSchema } from './payment-schemas';

// One receipt per payment: a session, a top-up, a reservation fee, a debt payment, a refund.
// The printable page is the web's /receipt/:id; the PDF is GET /api/receipts/:id/pdf.

export const listReceipts = defineContract({
  method: 'GET',
  path: '/api/receipts',
  auth: 'user',
  summary: 'The driver’s receipts, newest first',
  tags: ['payments'],
  query: offsetPagingQuerySchema,
  response: pageOf(receiptSchema),
});

export const getReceipt = defineContract({
  method: 'GET',
  path: '/api/receipts/:id',
  auth: 'user',
  summary: 'One receipt: seller, items, taxes, currency, payment',
  tags: ['payments'],
  params: z.object({ id: z.uuid({ error: rule.invalid }) }),
  response: receiptSchema,
});

/** Not JSON: answers application/pdf. Listed for the OpenAPI document and the web's link. */
export const receiptPdfPath = '/api/receipts/:id/pdf';

// SPEC §7 GET /v2/charges_plus_reserves: sessions and reservations together, with receipts.
export const listChargesPlusReserves = defineContract({
  method: 'GET',
  path: '/api/v2/charges_plus_reserves',
  auth: 'user',
  summary: 'Sessions and reservations of the driver, newest first, each with its receipt',
  tags: ['charges'],
  query: offsetPagingQuerySchema,
  response: pageOf(
    z.discriminatedUnion('type', [
      z.object({
        type: z.literal('charge'),
        at: z.string(),
        charge: chargeSchema,
        receiptId: z.string().nullable(),
      }),
      z.object({
        type: z.literal('reserve'),
        at: z.string(),
        reserve: reservationSchema,
        receiptId: z.string().nullable(),
      }),
    ]),
  ),
});
