import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  listQuery,
  ocpiDateTime,
  parseDateTime,
  statusCodes,
  tokensOfHeader,
} from '@evcharge/api/ocpi/types';
import type { PeerDeps } from './context';

// The transport rules of OCPI 2.2.1 §4 as the peer's routes apply them: every answer in the
// envelope (§4.1.7) with its timestamp, the credentials token in the Authorization header
// (§4.1.1), input validated before use (§5: 2001 "Invalid or missing parameters"), and
// paginated lists (§4.1.3).

/** An OCPI error answer: the HTTP status and the OCPI status code (§5). */
export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** §8: 2003 "Unknown Location" for a location, EVSE or connector that is not there. */
export const unknownLocation = (what: string) =>
  new OcpiError(404, statusCodes.unknownLocation, `Unknown ${what}`);
export const notFound = (what: string) =>
  new OcpiError(404, statusCodes.clientError, `Unknown ${what}`);

export function envelope(deps: PeerDeps, statusCode: number, data?: unknown, message?: string) {
  return {
    ...(data === undefined ? {} : { data }),
    status_code: statusCode,
    ...(message ? { status_message: message } : {}),
    timestamp: ocpiDateTime(deps.now()),
  };
}

/**
 * Answers with data checked against its schema: the peer sends only valid OCPI objects, unless
 * it is told to bend the standard (faults.unchecked).
 */
export function send<S extends z.ZodType>(
  deps: PeerDeps,
  reply: FastifyReply,
  schema: S,
  data: z.input<S>,
) {
  const checked = deps.faults.unchecked ? data : schema.parse(data);
  return reply.code(200).send(envelope(deps, statusCodes.success, checked));
}

export function sendEmpty(deps: PeerDeps, reply: FastifyReply, httpStatus = 200) {
  return reply.code(httpStatus).send(envelope(deps, statusCodes.success));
}

/** Input from the other party, or 2001 with HTTP 400. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new OcpiError(
    400,
    statusCodes.invalidParameters,
    `Invalid ${what}${where}: ${issue?.message ?? 'invalid'}`,
  );
}

export type Caller = 'registration' | 'partner' | 'pending';

/**
 * Who is calling (§4.1.1): token A only on the versions and credentials modules, the
 * registered partner's token everywhere, a token the peer handed out while registering itself
 * only on versions. Anything else is HTTP 401.
 */
export function callerOf(
  deps: PeerDeps,
  request: FastifyRequest,
  allowed: { registration?: boolean; pending?: boolean } = {},
): Caller {
  const { store, config } = deps;
  for (const token of tokensOfHeader(request.headers.authorization)) {
    if (store.partner && token === store.partner.tokenTheyUse)
      return checkRouting(deps, request, 'partner');
    if (allowed.registration && store.isRegistrationOpen && token === config.registrationToken)
      return 'registration';
    if (allowed.pending && store.pendingTokens.has(token)) return 'pending';
  }
  throw new OcpiError(401, statusCodes.clientError, 'Unknown or missing credentials token');
}

/** Route options for the modules only the registered partner may use (§4.1.1). */
export const partnerOnly = (deps: PeerDeps) => ({
  preHandler: async (request: FastifyRequest) => void callerOf(deps, request),
});

/** §4.1.4: a request routed to another party than this one is refused. */
function checkRouting(deps: PeerDeps, request: FastifyRequest, caller: Caller): Caller {
  const toCountry = request.headers['ocpi-to-country-code'];
  const toParty = request.headers['ocpi-to-party-id'];
  const isOther =
    (typeof toCountry === 'string' && toCountry.toUpperCase() !== deps.config.countryCode) ||
    (typeof toParty === 'string' && toParty.toUpperCase() !== deps.config.partyId);
  if (isOther)
    throw new OcpiError(
      400,
      statusCodes.invalidParameters,
      'OCPI-to-country-code/OCPI-to-party-id name another party',
    );
  return caller;
}

/** §4.1.3 Pagination: filter by last_updated, oldest first, Link/X-Total-Count/X-Limit. */
export function paginate<T extends { last_updated: string; id?: string; uid?: string }>(
  deps: PeerDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  items: Iterable<T>,
  path: string,
): T[] {
  const query = parseInput(listQuery, request.query, 'query');
  const from = query.date_from ? parseDateTime(query.date_from).getTime() : -Infinity;
  const to = query.date_to ? parseDateTime(query.date_to).getTime() : Infinity;
  const matching = [...items]
    .filter((item) => {
      const at = parseDateTime(item.last_updated).getTime();
      // An object without a readable last_updated (faults.unchecked) is in every list that
      // asks for no dates.
      if (Number.isNaN(at)) return !query.date_from && !query.date_to;
      return at >= from && at < to;
    })
    .sort(
      (a, b) =>
        parseDateTime(a.last_updated).getTime() - parseDateTime(b.last_updated).getTime() ||
        (a.id ?? a.uid ?? '').localeCompare(b.id ?? b.uid ?? ''),
    );
  const limit = Math.min(query.limit ?? deps.pageLimit, deps.pageLimit);
  const page = matching.slice(query.offset, query.offset + limit);
  reply.header('X-Total-Count', String(matching.length));
  reply.header('X-Limit', String(deps.pageLimit));
  if (query.offset + limit < matching.length) {
    const next = new URLSearchParams({
      offset: String(query.offset + limit),
      limit: String(limit),
    });
    if (query.date_from) next.set('date_from', query.date_from);
    if (query.date_to) next.set('date_to', query.date_to);
    reply.header('Link', `<${deps.config.publicUrl}${path}?${next}>; rel="next"`);
  }
  return page;
}

/** §4.2: the request's X-Request-ID and X-Correlation-ID are answered back. */
export function echoIds(request: FastifyRequest, reply: FastifyReply) {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value ? value : randomUUID();
  };
  reply.header('X-Request-ID', header('x-request-id'));
  reply.header('X-Correlation-ID', header('x-correlation-id'));
}
