import { z } from 'zod';
import { phoneCodeSchema, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { userSchema } from '../common';

// SPEC §7 Verification: POST /user/codeConf. The code from the SMS, or the last 4 digits of
// the number that called. Without `verificationId`, the caller's latest code is checked.
export const confirmPhoneCodeBodySchema = z
  .object({
    code: phoneCodeSchema,
    verificationId: z.uuid({ error: rule.invalid }).optional(),
  })
  .strict();

export const confirmPhoneCode = defineContract({
  method: 'POST',
  path: '/api/user/codeConf',
  auth: 'user',
  summary: 'Confirm the phone with the code sent by SMS or the last 4 digits of the calling number',
  tags: ['phone'],
  body: confirmPhoneCodeBodySchema,
  response: z.object({ ok: z.literal(true), user: userSchema }),
});
