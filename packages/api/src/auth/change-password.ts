import { z } from 'zod';
import { passwordSchema, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7: PUT changepassword (UserId, Password, NewPassword, ConfirmNewPassword).
export const changePassword = defineContract({
  method: 'PUT',
  path: '/auth/changepassword',
  auth: 'user',
  summary: 'Change the password of the signed-in user',
  tags: ['auth'],
  body: z
    .object({
      UserId: z.string({ error: rule.required }).min(1, { error: rule.required }).max(64, { error: rule.tooLong }),
      Password: z.string({ error: rule.required }).min(1, { error: rule.required }).max(128, { error: rule.tooLong }),
      NewPassword: passwordSchema,
      ConfirmNewPassword: z.string({ error: rule.required }),
    })
    .refine((value) => value.NewPassword === value.ConfirmNewPassword, {
      error: rule.passwordsDiffer,
      path: ['ConfirmNewPassword'],
    }),
  response: okSchema,
});
