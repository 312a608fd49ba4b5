import { z } from 'zod';
import { emailSchema, nameSchema, rule } from '@evcharge/domain/validation';
import type { Country } from '@evcharge/domain/constants';
import { normalisePhone, phoneCountries } from '@evcharge/domain/phone';
import { defineContract } from '../contract';
import { userSchema } from '../common';

// SPEC §7 Persons and users: GET, POST and PUT /persone. The person is the signed-in user's
// personal data; `profileset` edits it. A new e-mail or phone must be confirmed again.

/** An optional name part: empty or left out means none; when given it must contain letters. */
const optionalNameSchema = z
  .string({ error: rule.invalid })
  .trim()
  .max(80, { error: rule.tooLong })
  .refine((value) => value === '' || /\p{L}/u.test(value), { error: rule.letters })
  .nullish()
  .transform((value) => value || null);

const anyCountry = Object.keys(phoneCountries) as Country[];

/** An optional phone: empty or left out means none; otherwise E.164 of a country we serve. */
const optionalPhoneSchema = z
  .string({ error: rule.invalid })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const phone = normalisePhone(value, anyCountry);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: rule.phone });
    return z.NEVER;
  });

export const personBodySchema = z.object({
  name: nameSchema,
  surname: optionalNameSchema,
  patronymic: optionalNameSchema,
  email: emailSchema,
  phone: optionalPhoneSchema,
});
export type PersonBody = z.input<typeof personBodySchema>;

/** POST changes only the fields it carries. */
export const personPatchSchema = personBodySchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: rule.required });

export const personSchema = z.object({
  name: z.string(),
  surname: z.string().nullable(),
  patronymic: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  isEmailConfirmed: z.boolean(),
  isPhoneConfirmed: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** The answer to a change: the user, and what must be confirmed again. */
export const personChangeSchema = z.object({
  user: userSchema,
  /** A confirmation mail went to the new address. */
  emailConfirmationSent: z.boolean(),
  /** The phone changed and is not confirmed; the web leads to `confirmPhone`. */
  phoneConfirmationNeeded: z.boolean(),
});

export const getPerson = defineContract({
  method: 'GET',
  path: '/api/persone',
  auth: 'user',
  summary: 'The signed-in user’s personal data',
  tags: ['users'],
  response: personSchema,
});

export const replacePerson = defineContract({
  method: 'PUT',
  path: '/api/persone',
  auth: 'user',
  summary: 'Save all personal data (the profileset form)',
  tags: ['users'],
  body: personBodySchema,
  response: personChangeSchema,
});

export const patchPerson = defineContract({
  method: 'POST',
  path: '/api/persone',
  auth: 'user',
  summary: 'Change some personal data; fields left out stay as they are',
  tags: ['users'],
  body: personPatchSchema,
  response: personChangeSchema,
});
