import { defineContract } from '../contract';
import { chargeSchema, startChargeBodySchema } from './charge-schemas';

// SPEC §7 PUT /charge; DESIGN.md "One request, end to end". The answer comes once the charge
// point accepted RemoteStartTransaction: the session is `preparing` until the car starts
// drawing (StartTransaction), then `charging`.
export const startCharge = defineContract({
  method: 'PUT',
  path: '/api/charge',
  auth: 'user',
  summary: 'Start charging on a connector with a limit and a charging profile',
  tags: ['charges'],
  body: startChargeBodySchema,
  response: chargeSchema,
  idempotent: true,
});
