import { z } from 'zod';
import { defineContract } from '../contract';

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'call']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

// DESIGN.md "Messages to people": with the outbox transport, sent messages are stored and
// readable here (only when the server runs with MAIL_TRANSPORT=outbox).
export const getOutbox = defineContract({
  method: 'GET',
  path: '/api/dev/outbox',
  auth: 'public',
  summary: 'Messages stored by the outbox transport (development only)',
  tags: ['dev'],
  query: z.object({ to: z.string().max(254).optional() }),
  response: z.object({ messages: z.array(outboxMessageSchema) }),
});
