import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';
import { cardSchema, paymentResultSchema } from './payment-schemas';

// SPEC §2 cards: payment methods and bound cards. A card is bound only after the phone is
// confirmed (SPEC §5), on the acquirer's page with 3-D Secure, back to /cardredirect.

const cardId = z.object({ id: z.uuid({ error: rule.invalid }) });

export const listCards = defineContract({
  method: 'GET',
  path: '/api/cards',
  auth: 'user',
  summary: 'The driver’s bound cards, the default first',
  tags: ['payments'],
  response: z.object({ items: z.array(cardSchema) }),
});

export const bindCard = defineContract({
  method: 'POST',
  path: '/api/cards/bind',
  auth: 'user',
  summary: 'Start binding a card: answers the acquirer page to open (PHONE_NOT_CONFIRMED first)',
  tags: ['payments'],
  body: z.object({}).optional(),
  response: paymentResultSchema,
  status: 201,
});

export const setDefaultCard = defineContract({
  method: 'PUT',
  path: '/api/cards/:id/default',
  auth: 'user',
  summary: 'Make a linked card the one sessions and payments use',
  tags: ['payments'],
  params: cardId,
  response: cardSchema,
});

export const deleteCard = defineContract({
  method: 'DELETE',
  path: '/api/cards/:id',
  auth: 'user',
  summary: 'Unbind a card at the acquirer and remove it',
  tags: ['payments'],
  params: cardId,
  response: okSchema,
});
