import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the HTTP API: the server registers a route from it, the web calls through
 * it, and the OpenAPI document is generated from it. Paths use `:name` for parameters.
 */
export type Contract = {
  method: HttpMethod;
  path: string;
  /** `public` answers without a token; `user` answers 401 without a valid one. */
  auth: 'public' | 'user';
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 204;
  /**
   * The request moves money: it must carry an `Idempotency-Key` header (as acquirers take it),
   * and a repeat with the same key answers the first answer and moves nothing.
   */
  idempotent?: true;
};

/** The header a request that moves money carries (`Contract.idempotent`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ContractParams<C extends Contract> = Infer<C['params']>;
export type ContractQuery<C extends Contract> = Infer<C['query']>;
export type ContractBody<C extends Contract> = Infer<C['body']>;
export type ContractResponse<C extends Contract> = z.output<C['response']>;

/** Builds a contract's URL from its parameters and query. */
export function contractUrl(
  contract: Pick<Contract, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const path = contract.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
