import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema, userSchema } from '../common';

export const acceptPrivacyPolicy = defineContract({
  method: 'PUT',
  path: '/api/user/privacy-policy',
  auth: 'user',
  summary: 'Accept the brand’s current privacy policy (recorded with its version and time)',
  tags: ['users'],
  body: z.object({ version: z.string({ error: rule.required }).trim().min(1).max(64) }),
  response: userSchema,
});

// SPEC §4: deletion has two confirmation steps and is blocked by debt or a positive balance.

export const deletionBlockers = ['debt', 'balance', 'session'] as const;

export const deletionCheck = defineContract({
  method: 'GET',
  path: '/api/user/deletion-check',
  auth: 'user',
  summary: 'Whether the account can be deleted now, and what stands in the way',
  tags: ['users'],
  response: z.object({
    allowed: z.boolean(),
    blocker: z.enum(deletionBlockers).nullable(),
    balanceMinor: z.number().int(),
    debtMinor: z.number().int(),
    currency: z.string(),
  }),
});

export const deleteAccount = defineContract({
  method: 'DELETE',
  path: '/api/user/0',
  auth: 'user',
  summary:
    'Delete the signed-in account: personal data removed, every token revoked, receipts kept anonymised',
  tags: ['users'],
  body: z.object({
    password: z.string({ error: rule.required }).min(1, { error: rule.required }).max(128),
  }),
  response: okSchema,
});
