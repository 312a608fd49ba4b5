import { z } from 'zod';
import { defineContract } from '../contract';
import { languageSchema } from '../common';

export const legalDocuments = ['termsofuse', 'privacypolicy'] as const;

export const getLegal = defineContract({
  method: 'GET',
  path: '/api/brand/legal/:document',
  auth: 'public',
  summary: "A brand's legal text in the asked language (fallback en)",
  tags: ['brand'],
  params: z.object({ document: z.enum(legalDocuments) }),
  query: z.object({ lang: languageSchema.optional() }),
  response: z.object({
    document: z.enum(legalDocuments),
    lang: languageSchema,
    title: z.string(),
    version: z.string(),
    updatedAt: z.string(),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  }),
});
