import { z } from 'zod';
import { defineContract } from '../contract';

/** The header an SMS gateway sends the shared secret (SMS_INBOUND_SECRET) in. */
export const SMS_INBOUND_SECRET_HEADER = 'x-sms-inbound-secret';

// The QR method: the phone sends the code to our inbound number, and the SMS gateway posts
// the message here. Extra fields a gateway adds are ignored.
export const inboundSms = defineContract({
  method: 'POST',
  path: '/api/phone/inbound-sms',
  auth: 'public',
  summary: `An SMS to the service's inbound number, from the SMS gateway (header ${SMS_INBOUND_SECRET_HEADER})`,
  tags: ['phone'],
  body: z.object({ from: z.string().min(1).max(32), text: z.string().max(1600) }),
  response: z.object({ ok: z.literal(true), isConfirmed: z.boolean() }),
});
