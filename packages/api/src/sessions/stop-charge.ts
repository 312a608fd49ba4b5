import { z } from 'zod';
import { defineContract } from '../contract';
import { chargeSchema, transactionIdSchema } from './charge-schemas';

// SPEC §7 PUT /charge/stop: RemoteStopTransaction. The answer is the session as it stands
// once the charge point accepted; StopTransaction then ends it (parking if the car stays).
export const stopCharge = defineContract({
  method: 'PUT',
  path: '/api/charge/stop',
  auth: 'user',
  summary: 'Stop a running session',
  tags: ['charges'],
  body: z.object({ transactionId: transactionIdSchema }).strict(),
  response: chargeSchema,
});
