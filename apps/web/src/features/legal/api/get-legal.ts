import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLegal, type legalDocuments } from '@evcharge/api/brand/get-legal';
import type { Language } from '@evcharge/domain/constants';
import { apiRequest } from '@/lib/api-client';
import { staleTime } from '@/lib/query-client';

export type LegalDocument = (typeof legalDocuments)[number];

export const legalQueryOptions = (document: LegalDocument, lang: Language) =>
  queryOptions({
    queryKey: ['legal', document, lang],
    queryFn: ({ signal }) => apiRequest(getLegal, { params: { document }, query: { lang }, signal }),
    staleTime: staleTime.legal,
  });

export function useLegalQuery(document: LegalDocument, lang: Language) {
  return useQuery(legalQueryOptions(document, lang));
}
