import { z } from 'zod';
import { notificationTypes } from '@evcharge/domain/constants';
import { currencies } from '@evcharge/domain/currency';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// SPEC §7 Events, companies, likes: GET /companies and /company/{id}. The companies the caller
// belongs to, each with the balance a corporate profile charges on (SPEC §6).

export const companyRoles = ['owner', 'member'] as const;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(companyRoles),
  currency: z.enum(currencies),
  /** The company wallet (ledger); negative: the company's debt. Minor units of `currency`. */
  balanceMinor: z.number().int(),
  /** SPEC §3 Company: how the company is told about its drivers' charging. */
  notificationType: z.enum(notificationTypes),
  notificationContact: z.string().nullable(),
  /** The caller's corporate profile charges on this company now. */
  isActive: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

export const listCompanies = defineContract({
  method: 'GET',
  path: '/api/companies',
  auth: 'user',
  summary: 'The companies the caller is a member of, with their balance',
  tags: ['companies'],
  response: z.object({ items: z.array(companySchema) }),
});

export const getCompany = defineContract({
  method: 'GET',
  path: '/api/company/:id',
  auth: 'user',
  summary: 'One of the caller’s companies (members only)',
  tags: ['companies'],
  params: z.object({ id: z.uuid({ error: rule.invalid }) }),
  response: companySchema,
});
