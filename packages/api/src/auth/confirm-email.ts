import { z } from 'zod';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// The link mailed at registration leads to /confirm_page?token=…, which calls this.
export const confirmEmail = defineContract({
  method: 'PUT',
  path: '/auth/confirmEmail',
  auth: 'public',
  summary: 'Confirm an e-mail address with the mailed token',
  tags: ['auth'],
  body: z.object({ token: z.string().min(1).max(200) }),
  response: okSchema,
});
