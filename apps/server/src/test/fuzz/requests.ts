import fc from 'fast-check';
import type { z } from 'zod';
import type { Contract } from '@evcharge/api/contract';
import { applyMutation, hostileJson, hostileText, mutationArb } from './hostile';
import { arbitraryOf } from './zod-arbitrary';

// Requests for one contract: valid-looking (from its zod schemas) and hostile (bent by
// `hostile.ts`), with every kind of body, signed in as the test driver, anonymous or with a
// forged token.

export type Who = 'driver' | 'anonymous' | 'forged';

export type FuzzRequest = {
  who: Who;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** `json`: the value sent as JSON; `raw`: text as is with its content type; none: no body. */
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | { kind: 'none' };
};

/**
 * Query parameters that hold the answer (a long poll's `wait`): a valid value is made 0, so
 * the answer comes at once; a hostile one is left for the server to refuse.
 */
const holdParams: Record<string, string> = { wait: '0' };

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);

const rawBodies = fc.constantFrom(
  { kind: 'raw' as const, text: '', type: 'application/json' },
  { kind: 'raw' as const, text: '{', type: 'application/json' },
  { kind: 'raw' as const, text: '{"a":1,"a":2}', type: 'application/json' },
  { kind: 'raw' as const, text: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { kind: 'raw' as const, text: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { kind: 'raw' as const, text: '"\\u0000"', type: 'application/json' },
  { kind: 'raw' as const, text: '{"x":"\\ud800"}', type: 'application/json' },
  { kind: 'raw' as const, text: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, type: 'application/json' },
  { kind: 'raw' as const, text: 'name=x&email=y', type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: 'hello', type: 'text/plain' },
  { kind: 'raw' as const, text: '{"a":1}', type: 'application/xml' },
);

/** A part of the request: valid-looking, or valid-looking bent once or twice. */
function partArb(
  schema: z.core.$ZodType | undefined,
  options: { asText: boolean; ids: readonly string[] },
): fc.Arbitrary<unknown> {
  const valid = schema ? arbitraryOf(schema, options) : fc.constant({});
  const values = options.asText ? hostileText : hostileJson;
  const bent = fc
    .tuple(valid, fc.array(mutationArb(values, options.asText), { minLength: 1, maxLength: 2 }))
    .map(([value, mutations]) => mutations.reduce(applyMutation, value));
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: bent });
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };

export function requestArb(contract: Contract, ids: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const names = pathParamNames(contract.path);
  const params = partArb(contract.params, { asText: true, ids }).map(asRecord);
  const query = partArb(contract.query, { asText: true, ids }).map((value) => {
    const record = asRecord(value);
    const shape = contract.query?.shape ?? {};
    for (const [name, held] of Object.entries(holdParams)) {
      const field = shape[name];
      if (field && field.safeParse(record[name]).success) record[name] = held;
    }
    return record;
  });
  const canHaveBody = contract.method !== 'GET';
  const json = partArb(contract.body, { asText: false, ids }).map((value) => ({
    kind: 'json' as const,
    value,
  }));
  const body: fc.Arbitrary<FuzzRequest['body']> = !canHaveBody
    ? fc.constant({ kind: 'none' as const })
    : contract.body
      ? fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: rawBodies })
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 1, arbitrary: json },
          { weight: 1, arbitrary: rawBodies },
        );
  const who = fc.constantFrom<Who>('driver', 'driver', 'anonymous', 'forged');
  return fc.record({ who, params, query, body }).map((request) => {
    // Every path parameter gets a value (an empty one at worst): the URL must be buildable.
    for (const name of names) request.params[name] ??= '';
    return request;
  });
}

const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/** Percent-encodes text; a lone surrogate goes as the escapes of its (WTF-8) bytes. */
export function encodePart(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // split with a capture: the odd pieces are the lone surrogates.
  return text
    .split(LONE_SURROGATE)
    .map((piece, index) => {
      if (index % 2 === 0) return encodeURIComponent(piece);
      const unit = piece.charCodeAt(0);
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** The request's URL: path parameters filled in, the query with repeated keys for lists. */
export function urlOf(contract: Contract, request: FuzzRequest): string {
  const path = contract.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    encodePart(request.params[name]),
  );
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodePart(key)}=${encodePart(item)}`);
    }
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
