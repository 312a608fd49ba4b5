import { z } from 'zod';
import { emailSchema, rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// SPEC §7: GET /users, GET /user/check/id, POST /user. A company's owner sees the people
// who charge on the company balance and adds drivers to it by their e-mail; anyone else
// sees only themselves.

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string().nullable(),
  email: z.string(),
  /** The caller's own row has no company. */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  role: z.enum(['self', 'owner', 'member']),
});
export type Member = z.infer<typeof memberSchema>;

export const listUsers = defineContract({
  method: 'GET',
  path: '/api/users',
  auth: 'user',
  summary: 'The caller and the members of the companies the caller owns',
  tags: ['users'],
  response: z.object({ items: z.array(memberSchema) }),
});

export const checkUserId = defineContract({
  method: 'GET',
  path: '/api/user/check/id',
  auth: 'user',
  summary: 'Find a user by e-mail before adding them to a company (company owners only)',
  tags: ['users'],
  query: z.object({ email: emailSchema }),
  response: z.object({ id: z.string(), name: z.string() }),
});

export const addCompanyUser = defineContract({
  method: 'POST',
  path: '/api/user',
  auth: 'user',
  summary: 'Add a user to a company the caller owns, so they can charge on its balance',
  tags: ['users'],
  body: z.object({ companyId: z.uuid({ error: rule.invalid }), email: emailSchema }),
  response: memberSchema,
  status: 201,
});
