import { z } from 'zod';
import { defineContract } from '../contract';
import { languageSchema } from '../common';

export const getLanguages = defineContract({
  method: 'GET',
  path: '/api/language',
  auth: 'public',
  summary: 'Interface languages, the default and the fallback',
  tags: ['users'],
  response: z.object({
    languages: z.array(languageSchema),
    default: languageSchema,
    fallback: languageSchema,
  }),
});
