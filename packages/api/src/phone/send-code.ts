import { z } from 'zod';
import { phoneSchema } from '@evcharge/domain/phone';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { phoneConfirmMethods } from './phone-schemas';

// SPEC §7 Verification: POST /user/codeSend. Any number of the countries we serve passes the
// schema; the server narrows it to RU, AZ, UZ and the brand's country (rule `phone`).
export const sendPhoneCodeBodySchema = z
  .object({
    phone: phoneSchema,
    method: z.enum(phoneConfirmMethods, { error: rule.invalid }),
  })
  .strict();

export const sendPhoneCodeResultSchema = z.object({
  verificationId: z.string(),
  method: z.enum(phoneConfirmMethods),
  /** E.164. */
  phone: z.string(),
  codeLength: z.number().int(),
  expiresAt: z.string(),
  /** When a new code may be asked for (the resend wait, or the hourly cap when reached). */
  resendAfterSeconds: z.number().int(),
  /**
   * QR method only: what the QR code encodes. Scanned on the phone being confirmed, it opens
   * an SMS to `to` with `text` (the code); that SMS, from that phone, confirms it.
   */
  qr: z.object({ uri: z.string(), to: z.string(), text: z.string() }).optional(),
});
export type SendPhoneCodeResult = z.infer<typeof sendPhoneCodeResultSchema>;

export const sendPhoneCode = defineContract({
  method: 'POST',
  path: '/api/user/codeSend',
  auth: 'user',
  summary:
    'Start a phone confirmation: send a 4-digit code by SMS, call from a number ending in it, or give a QR code',
  tags: ['phone'],
  body: sendPhoneCodeBodySchema,
  response: sendPhoneCodeResultSchema,
});
