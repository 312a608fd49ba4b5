import { z } from 'zod';
import { emailSchema } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { languageSchema, okSchema } from '../common';

// SPEC §7: PUT resetPass. Mails a link to /resetPage and a 6-digit code.
export const resetPassword = defineContract({
  method: 'PUT',
  path: '/auth/resetPass',
  auth: 'public',
  summary: 'Send a password-reset link and code by e-mail',
  tags: ['auth'],
  body: z.object({ email: emailSchema, Lang: languageSchema.optional() }),
  response: okSchema,
});
