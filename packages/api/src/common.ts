import { z } from 'zod';
import { accountTypes, languages } from '@evcharge/domain/constants';

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
});
export type User = z.infer<typeof userSchema>;
