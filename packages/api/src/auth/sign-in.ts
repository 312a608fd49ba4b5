import { z } from 'zod';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { requiredText, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { userSchema } from '../common';

export const signInResultSchema = z.object({
  accessToken: z.string(),
  CurrencyCode: z.string(),
  Lang: z.string(),
  user: userSchema,
});
export type SignInResult = z.infer<typeof signInResultSchema>;

/** The sign-in form validates with it too (the web's login form, without userType). */
export const signInBodySchema = z.object({
  login: requiredText(254),
  password: z.string({ error: rule.required }).min(1, { error: rule.required }).max(128, { error: rule.tooLong }),
  userType: z.literal(CLIENT_USER_TYPE, { error: rule.invalid }),
});

// SPEC §7: POST signin v2 with credentials and userType.
export const signIn = defineContract({
  method: 'POST',
  path: '/auth/v2/signin',
  auth: 'public',
  summary: 'Sign in with e-mail and password',
  tags: ['auth'],
  body: signInBodySchema,
  response: signInResultSchema,
});
