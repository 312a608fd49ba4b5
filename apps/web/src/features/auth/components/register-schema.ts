import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, rule, termsAcceptedSchema } from '@evcharge/domain/validation';

// The contract's body (signUpBodySchema) checks `repeat` only once every other field is valid;
// the form also says at once that an empty repeat is required. Same rules, from domain.
export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    repeat: z.string({ error: rule.required }).min(1, { error: rule.required }),
    termsAccepted: termsAcceptedSchema,
  })
  .refine((value) => value.password === value.repeat, { error: rule.passwordsDiffer, path: ['repeat'] });

export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;
