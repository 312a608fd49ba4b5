import { z } from 'zod';
import { defineContract } from '../contract';
import { userSchema } from '../common';

export const checkToken = defineContract({
  method: 'GET',
  path: '/auth/checktoken',
  auth: 'user',
  summary: 'Check that the access token is valid',
  tags: ['auth'],
  response: z.object({ valid: z.literal(true), user: userSchema }),
});
