import { defineContract } from '../contract';
import { okSchema } from '../common';

export const logout = defineContract({
  method: 'POST',
  path: '/auth/logout',
  auth: 'user',
  summary: 'Revoke the access token',
  tags: ['auth'],
  response: okSchema,
});
