import { z } from 'zod';
import { defineContract } from '../contract';
import { phoneConfirmMethods } from './phone-schemas';

// confirmPhone (SPEC §2) survives a reload: the server, which knows when the code was sent,
// says which confirmation still waits for its code and how long until a new one may be asked.
// The code itself is not given back (only its hash is kept), nor a QR code's text.

export const pendingPhoneCodeSchema = z.object({
  verificationId: z.string(),
  method: z.enum(phoneConfirmMethods),
  /** E.164. */
  phone: z.string(),
  codeLength: z.number().int(),
  expiresAt: z.string(),
});
export type PendingPhoneCode = z.infer<typeof pendingPhoneCodeSchema>;

export const getPendingPhoneCode = defineContract({
  method: 'GET',
  path: '/api/user/codePending',
  auth: 'user',
  summary:
    'The caller’s phone confirmation still waiting for its code, and when a new code may be asked for',
  tags: ['phone'],
  response: z.object({
    /** The newest code while it can still confirm (not used, expired or out of tries); else null. */
    pending: pendingPhoneCodeSchema.nullable(),
    /** Seconds until codeSend takes another request from this account (0: now), as codeSend counts. */
    resendAfterSeconds: z.number().int(),
  }),
});
