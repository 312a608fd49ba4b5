import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, rule, termsAcceptedSchema } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { languageSchema } from '../common';
import { signInResultSchema } from './sign-in';

export const signUpBodySchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    repeat: z.string({ error: rule.required }),
    termsAccepted: termsAcceptedSchema,
    Lang: languageSchema.optional(),
  })
  .refine((value) => value.password === value.repeat, { error: rule.passwordsDiffer, path: ['repeat'] });

// SPEC §7: POST clientsignup. Sends the e-mail confirmation link and signs the user in.
export const signUp = defineContract({
  method: 'POST',
  path: '/auth/clientsignup',
  auth: 'public',
  summary: 'Register a driver account (terms must be accepted)',
  tags: ['auth'],
  body: signUpBodySchema,
  response: signInResultSchema,
  status: 201,
});
