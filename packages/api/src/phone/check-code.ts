import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { userSchema } from '../common';
import { phoneVerificationStatuses } from './phone-schemas';

// SPEC §7 Verification: POST /user/checkCode. The web polls it while the QR code is shown:
// the phone confirms itself by sending the SMS, out of the web's sight.
export const checkPhoneCode = defineContract({
  method: 'POST',
  path: '/api/user/checkCode',
  auth: 'user',
  summary: 'The state of one of the caller’s phone confirmations (polled for the QR method)',
  tags: ['phone'],
  body: z.object({ verificationId: z.uuid({ error: rule.invalid }) }).strict(),
  response: z.object({
    status: z.enum(phoneVerificationStatuses),
    /** The user as now, once confirmed; null before. */
    user: userSchema.nullable(),
  }),
});
