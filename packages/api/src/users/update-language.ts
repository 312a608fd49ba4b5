import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { languageSchema, okSchema } from '../common';

export const updateLanguage = defineContract({
  method: 'PUT',
  path: '/api/user/updateLanguage/:lang',
  auth: 'user',
  summary: "Set the user's interface language on every device",
  tags: ['users'],
  params: z.object({ lang: z.enum(languageSchema.options, { error: rule.invalid }) }),
  response: okSchema,
});
