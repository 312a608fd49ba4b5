import { z } from 'zod';
import { accountTypes, languages } from '@evcharge/domain/constants';
import { errorCodes, type ErrorCode } from '@evcharge/domain/errors';

export const okSchema = z.object({ ok: z.literal(true) });

export const languageSchema = z.enum(languages);

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string().nullable(),
  patronymic: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  isEmailConfirmed: z.boolean(),
  isPhoneConfirmed: z.boolean(),
  Lang: languageSchema,
  accountType: z.enum(accountTypes),
  currency: z.string(),
  /** Positive: money on the balance; negative: debt. Minor units of `currency`. */
  balanceMinor: z.number().int(),
  debtMinor: z.number().int(),
  /** The company whose balance a CORPORATE profile charges on; null on the personal one. */
  activeCompany: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The privacy-policy version the user last accepted; the web asks again when it differs. */
  privacyPolicyVersion: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The body of every error answer (DESIGN.md Errors; `ErrorBody` in domain/errors). */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Fields that failed validation; `rule` is a key of the `validation` namespace. */
  fields: z.array(z.object({ path: z.string(), rule: z.string() })).optional(),
  /** Extra facts: `triesLeft` after a wrong password, `retryAfterSeconds` on 429. */
  details: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});
