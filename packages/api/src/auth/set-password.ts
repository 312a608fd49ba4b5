import { z } from 'zod';
import { emailSchema, passwordSchema, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7: PUT setPassClient. Sets a new password from the mailed link's token, or from the
// e-mail and the mailed code; it also lifts a login block.
export const setPassword = defineContract({
  method: 'PUT',
  path: '/auth/setPassClient',
  auth: 'public',
  summary: 'Set a new password with the mailed token or code',
  tags: ['auth'],
  body: z
    .object({
      token: z.string().min(1).max(200).optional(),
      email: emailSchema.optional(),
      code: z.string().regex(/^\d{6}$/, { error: rule.invalid }).optional(),
      password: passwordSchema,
      repeat: z.string({ error: rule.required }),
    })
    .refine((value) => value.password === value.repeat, { error: rule.passwordsDiffer, path: ['repeat'] })
    .refine((value) => value.token !== undefined || (value.email !== undefined && value.code !== undefined), {
      error: rule.required,
      path: ['code'],
    }),
  response: okSchema,
});
