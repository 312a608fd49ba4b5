import { defineContract } from '../contract';
import { userSchema } from '../common';

export const getSelf = defineContract({
  method: 'GET',
  path: '/api/users/self',
  auth: 'user',
  summary: 'The signed-in user',
  tags: ['users'],
  response: userSchema,
});
