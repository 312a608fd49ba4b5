import { z } from 'zod';
import { accountTypes } from '@evcharge/domain/constants';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { userSchema } from '../common';

// SPEC §6, §7 PUT /users/change/multiaccount: switch between the personal profile and a
// corporate one, which charges on the company's balance. Sessions already open keep the payer
// they started with.

export const changeMultiaccountBodySchema = z
  .object({
    accountType: z.enum(accountTypes, { error: rule.invalid }),
    /** The company of a CORPORATE profile; the caller must be a member. */
    companyId: z.uuid({ error: rule.invalid }).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    const isCorporate = body.accountType === 'CORPORATE';
    if (isCorporate === (body.companyId !== undefined)) return;
    context.addIssue({
      code: 'custom',
      path: ['companyId'],
      message: isCorporate ? rule.required : rule.invalid,
    });
  });
export type ChangeMultiaccountBody = z.input<typeof changeMultiaccountBodySchema>;

export const changeMultiaccount = defineContract({
  method: 'PUT',
  path: '/api/users/change/multiaccount',
  auth: 'user',
  summary: 'Switch to the personal profile or to a corporate one of a company of the caller',
  tags: ['users', 'companies'],
  body: changeMultiaccountBodySchema,
  response: userSchema,
});
