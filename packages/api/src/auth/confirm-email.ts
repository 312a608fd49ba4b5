import { z } from 'zod';
import { emailSchema, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §5: "Email confirmation: by link or by a code from the mail". The link mailed at
// registration leads to /confirm_page?token=…, which sends `{ token }`; a user who types the
// mailed 6-digit code sends `{ email, code }`. With a token the other fields are ignored.
export const confirmEmailBodySchema = z
  .object({
    token: z.string().min(1).max(200).optional(),
    email: emailSchema.optional(),
    code: z
      .string()
      .regex(/^\d{6}$/, { error: rule.invalid })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.token !== undefined) return;
    const required = (field: string) =>
      ctx.addIssue({ code: 'custom', message: rule.required, path: [field] });
    // Nothing at all: the link's token is what is missing (the answer before codes existed).
    if (value.email === undefined && value.code === undefined) required('token');
    else if (value.code === undefined) required('code');
    else if (value.email === undefined) required('email');
  });

export const confirmEmail = defineContract({
  method: 'PUT',
  path: '/auth/confirmEmail',
  auth: 'public',
  summary: 'Confirm an e-mail address with the mailed token, or with the e-mail and mailed code',
  tags: ['auth'],
  body: confirmEmailBodySchema,
  response: okSchema,
});

export const sendEmailConfirmation = defineContract({
  method: 'POST',
  path: '/auth/confirmEmail/send',
  auth: 'user',
  summary: 'Mail the confirmation link and code again to the signed-in user’s address',
  tags: ['auth'],
  response: z.object({
    ok: z.literal(true),
    /** False when the address is confirmed already: nothing was sent. */
    sent: z.boolean(),
  }),
});
