import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';
import { paymentResultSchema } from './payment-schemas';

// The way back from the acquirer. The return page (/cardredirect) asks for the operation;
// the acquirer's callback tells the server. Both settle the operation the same way, once.

export const getPayment = defineContract({
  method: 'GET',
  path: '/api/payments/:id',
  auth: 'user',
  summary: 'An operation through the acquirer, settled with the acquirer first if still open',
  tags: ['payments'],
  params: z.object({ id: z.uuid({ error: rule.invalid }) }),
  response: paymentResultSchema,
});

export const acquirerCallback = defineContract({
  method: 'POST',
  path: '/api/acquirer/:acquirer/callback',
  auth: 'public',
  summary: 'The acquirer’s notification of a payment; signed, and idempotent',
  tags: ['payments'],
  params: z.object({ acquirer: z.string().max(40) }),
  body: z.object({ paymentId: z.string().min(1).max(100) }),
  response: okSchema,
});
