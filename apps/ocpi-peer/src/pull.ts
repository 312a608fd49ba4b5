import { z } from 'zod';
import {
  cdr,
  location,
  nextLinkOf,
  session,
  tariff,
  token,
  type ModuleId,
} from '@evcharge/api/ocpi/types';
import { callOcpi } from './client';
import type { PeerDeps } from './context';
import { partyOf } from './credentials';

// The peer as RECEIVER pulling a list from the partner's SENDER endpoint (OCPI 2.2.1 §4.1.3):
// it follows Link rel="next" to the last page and checks every object against its schema,
// keeping the valid ones and reporting the rest, as §4.1.3 advises a client to do. What it
// saw of each page (count, X-Total-Count, X-Limit, next link) comes back too, so a test can
// judge the partner's paging.

const schemas = {
  locations: location,
  tariffs: tariff,
  sessions: session,
  cdrs: cdr,
  tokens: token,
} as const;
export type PullModule = keyof typeof schemas & ModuleId;

export type PulledPage = {
  url: string;
  count: number;
  totalCount?: number;
  limit?: number;
  next?: string;
};
export type Pulled<M extends PullModule> = {
  objects: Array<z.infer<(typeof schemas)[M]>>;
  /** Objects that are not valid OCPI: their page, index and the first problem. */
  invalid: Array<{ page: number; index: number; problem: string }>;
  pages: PulledPage[];
};

export type PullQuery = { date_from?: string; date_to?: string; limit?: number };

export async function pull<M extends PullModule>(
  deps: PeerDeps,
  module: M,
  query: PullQuery = {},
  maxPages = 1000,
): Promise<Pulled<M>> {
  const partner = deps.store.partner;
  const endpoint = partner?.endpoints.find((e) => e.identifier === module && e.role === 'SENDER');
  if (!partner || !endpoint) throw new Error(`The partner has no ${module} SENDER endpoint`);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, String(value));
  let url: string | undefined = params.size ? `${endpoint.url}?${params}` : endpoint.url;
  const result: Pulled<M> = { objects: [], invalid: [], pages: [] };
  const schema = schemas[module];
  while (url) {
    if (result.pages.length >= maxPages)
      throw new Error(`More than ${maxPages} pages at ${endpoint.url}`);
    const answer = await callOcpi(
      deps,
      {
        method: 'GET',
        url,
        token: partner.tokenToCallThem,
        to: partyOf(partner, module === 'tokens' ? 'EMSP' : 'CPO'),
      },
      z.array(z.unknown()),
    );
    const pageIndex = result.pages.length;
    answer.data.forEach((item, index) => {
      const checked = schema.safeParse(item);
      if (checked.success) result.objects.push(checked.data as z.infer<(typeof schemas)[M]>);
      else {
        const issue = checked.error.issues[0];
        result.invalid.push({
          page: pageIndex,
          index,
          problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
        });
      }
    });
    const number = (name: string) => {
      const value = answer.headers.get(name);
      return value === null ? undefined : Number(value);
    };
    const next = nextLinkOf(answer.headers.get('link') ?? undefined);
    const totalCount = number('x-total-count');
    const limit = number('x-limit');
    result.pages.push({
      url,
      count: answer.data.length,
      ...(totalCount === undefined ? {} : { totalCount }),
      ...(limit === undefined ? {} : { limit }),
      ...(next ? { next } : {}),
    });
    url = next;
  }
  return result;
}
