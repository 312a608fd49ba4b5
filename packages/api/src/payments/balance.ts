import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { amountMinorSchema } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { offsetPagingQuerySchema, pageOf } from '../paging';
import {
  balanceOperationSchema,
  payWithSchema,
  paymentResultSchema,
  topUpBodySchema,
} from './payment-schemas';

// The balance (wallet), its top-up (order type TopUpBalance), the debt and its payment, and a
// refund of the balance to the cards it came from.

export const getBalance = defineContract({
  method: 'GET',
  path: '/api/balance',
  auth: 'user',
  summary: 'The balance of the active profile, its debt and what a top-up or refund may be',
  tags: ['payments'],
  response: z.object({
    currency: z.enum(currencies),
    balanceMinor: z.number().int(),
    debtMinor: z.number().int(),
    /** The most one top-up may be (SPEC §5, with the 10-15 % note). */
    maxTopUpMinor: z.number().int(),
    /** What can go back to cards it came from now: the balance, up to their top-ups. */
    refundableMinor: z.number().int(),
    /** A corporate profile: the company's balance, which the driver cannot top up or refund. */
    isCompany: z.boolean(),
  }),
});

export const listBalanceOperations = defineContract({
  method: 'GET',
  path: '/api/balance/operations',
  auth: 'user',
  summary: 'Top-ups, session payments, debt payments and refunds, newest first',
  tags: ['payments'],
  query: offsetPagingQuerySchema,
  response: pageOf(balanceOperationSchema),
});

export const topUpBalance = defineContract({
  method: 'POST',
  path: '/api/balance/topup',
  auth: 'user',
  summary: 'Top the balance up by a bound card, or by a card on the acquirer page',
  tags: ['payments'],
  body: topUpBodySchema,
  response: paymentResultSchema,
  status: 201,
  idempotent: true,
});

export const refundBalance = defineContract({
  method: 'POST',
  path: '/api/balance/refund',
  auth: 'user',
  summary: 'Give (part of) the balance back to the cards its top-ups came from',
  tags: ['payments'],
  body: z.object({ amountMinor: amountMinorSchema }),
  response: z.object({
    refundedMinor: z.number().int(),
    operations: z.array(paymentResultSchema),
  }),
  status: 201,
  idempotent: true,
});

export const payDebt = defineContract({
  method: 'POST',
  path: '/api/debt/pay',
  auth: 'user',
  summary: 'Pay the whole debt by a bound card or on the acquirer page; starts work at once',
  tags: ['payments'],
  body: payWithSchema,
  response: paymentResultSchema,
  status: 201,
  idempotent: true,
});
