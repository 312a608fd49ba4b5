import { z } from 'zod';
import { isIdToken } from '@evcharge/domain/rfid';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// A demo has no hand at the reader: in demo mode the wizard's station is asked over OCPP (a
// DataTransfer the simulator understands) to read a tag, as if the driver touched one. The
// route exists only when the server runs with DEMO_MODE=true.
export const presentDemoTag = defineContract({
  method: 'POST',
  path: '/api/dev/rfid/:bindingId/tag',
  auth: 'user',
  summary: 'Demo only: the wizard’s station reads a tag as if one were touched to its reader',
  tags: ['dev'],
  params: z.object({ bindingId: z.uuid({ error: rule.invalid }) }),
  body: z
    .object({
      /** The tag's number; a new random one when omitted. */
      idTag: z.string().refine(isIdToken, { error: rule.invalid }).optional(),
    })
    .strict(),
  response: okSchema,
});
