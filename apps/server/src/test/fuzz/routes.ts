import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { encodePart } from './requests';
import { hostileJson, hostileText } from './hostile';

// Every route the server answers, as Fastify lists it (`printRoutes`), so a route added
// tomorrow is fuzzed without anyone naming it; and requests for the routes no API contract
// describes (the sandbox bank's pages, OCPI, the staff console's and the web app's files, the
// developer pages, health and metrics): hostile and plausible parameters, queries, bodies and
// callers.

export type ServerRoute = { method: string; path: string };

/**
 * The routes of `app.printRoutes({ commonPrefix: false })`: a tree of path pieces, four
 * characters of indent a level, each with its methods, e.g.
 * `├── /api/user (POST)` then `│   ├── s (GET, HEAD)` for /api/users.
 * Parameters of one place under several names (`:Id|:id`) keep the first.
 */
export function serverRoutes(app: FastifyInstance): ServerRoute[] {
  const routes: ServerRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3}|[├└]── )*)(.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match?.[2]) continue;
    const depth = [...match[1]!].length / 4 - 1;
    const parent = prefixes[depth - 1] ?? '';
    // The tree leaves out the slash before a wildcard (`/admin` then `*` for /admin/*).
    const piece = match[2] === '*' && !parent.endsWith('/') ? '/*' : match[2];
    const path = parent + piece.replace(/(:\w+)(?:\|:\w+)+/g, '$1');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/** A route's path with its parameters' names left out: `/api/car/:` for `/api/car/:id`. */
export const routeShape = (method: string, path: string) =>
  `${method} ${path.replace(/:\w+\??/g, ':')}`;

export type Caller = 'driver' | 'anonymous' | 'forged' | 'partner';

export type RouteRequest = {
  who: Caller;
  params: string[];
  query: Record<string, string>;
  accept: string;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; type: string };
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What an OCPI partner or a card page might plausibly send, for the handlers behind the checks. */
const plausibleBodies: unknown[] = [
  { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  {
    country_code: 'NL',
    party_id: 'NCP',
    id: 'LOC1',
    publish: true,
    address: 'Street 1',
    city: 'Utrecht',
    country: 'NLD',
    coordinates: { latitude: '52.09', longitude: '5.12' },
    time_zone: 'Europe/Amsterdam',
    last_updated: '2026-11-20T10:00:00Z',
  },
  { token: 'x'.repeat(40), url: 'http://127.0.0.1:9/ocpi/versions', roles: [] },
  { result: 'ACCEPTED' },
  { uid: 'TAG1', type: 'RFID', contract_id: 'NL-NCP-C1', issuer: 'NCP', valid: true, whitelist: 'ALLOWED' },
];

const rawBodies = fc.constantFrom(
  { kind: 'raw' as const, text: '', type: 'application/json' },
  { kind: 'raw' as const, text: '{', type: 'application/json' },
  { kind: 'raw' as const, text: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
  { kind: 'raw' as const, text: '"\\u0000"', type: 'application/json' },
  { kind: 'raw' as const, text: 'number=4242424242424242&expiry=12%2F34&cvc=123', type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: 'code=123456', type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: 'code=000000', type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: 'number=%00&code=%00', type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: `code=${'9'.repeat(5_000)}`, type: 'application/x-www-form-urlencoded' },
  { kind: 'raw' as const, text: 'hello', type: 'text/plain' },
);

/** A path parameter or a wildcard: a real id now and then, a word, or something hostile. */
function partArb(ids: readonly string[], wildcard: boolean): fc.Arbitrary<string> {
  const files = ['', 'index.html', 'app.html', 'sw.js', 'assets/app.js', 'assets/missing.js', '../package.json', '..%2F..%2Fetc%2Fpasswd'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom('x', '1', 'NL', 'NCP', 'LOC1', 'ACCEPTED', 'START_SESSION') },
    ...(wildcard ? [{ weight: 3, arbitrary: fc.constantFrom(...files) }] : []),
    { weight: 3, arbitrary: hostileText },
  );
}

const queryArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('lang', 'offset', 'limit', 'date_from', 'date_to', 'type', 'x'), hostileText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.record({ lang: fc.constantFrom('en', 'ru', 'kz', 'xx'), offset: fc.constantFrom('0', '1', '-1'), limit: fc.constantFrom('1', '50', '100000') }) },
);

export function routeRequestArb(route: ServerRoute, ids: readonly string[]): fc.Arbitrary<RouteRequest> {
  const slots = (route.path.match(/:\w+\??|\*/g) ?? []).map((slot) => partArb(ids, slot === '*'));
  const json = fc.oneof(
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.constantFrom(...plausibleBodies) },
  ).map((value) => ({ kind: 'json' as const, value }));
  const body: fc.Arbitrary<RouteRequest['body']> = BODY_METHODS.has(route.method)
    ? fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 2, arbitrary: json },
        { weight: 2, arbitrary: rawBodies },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({
    who: fc.constantFrom<Caller>('driver', 'anonymous', 'forged', 'partner', 'partner'),
    params: slots.length > 0 ? fc.tuple(...slots) : fc.constant([]),
    query: queryArb,
    accept: fc.constantFrom('*/*', 'text/html,application/xhtml+xml', 'application/json'),
    body,
  });
}

/** The URL of a route request: parameters and the wildcard filled in, in order. */
export function routeUrl(route: ServerRoute, request: RouteRequest): string {
  let index = 0;
  const path = route.path.replace(/:\w+\??|\*/g, (slot) => {
    const value = request.params[index++] ?? '';
    // A wildcard's slashes stay: it stands for a file's path.
    return slot === '*' ? value.split('/').map(encodePart).join('/') : encodePart(value);
  });
  const query = Object.entries(request.query)
    .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
