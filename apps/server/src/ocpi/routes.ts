import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  credentials as credentialsSchema,
  listQuery,
  ocpiDateTime,
  parseDateTime,
  statusCodes,
  tokensOfHeader,
} from '@evcharge/api/ocpi/types';
import {
  acceptRegistration,
  acceptUnregistration,
  acceptUpdate,
  findPartnerByToken,
  hashToken,
  LocationRefusal,
  OCPI_VERSION,
  ourCredentials,
  ourEndpoints,
  ourLocation,
  ourLocations,
  ourTariffs,
  ourCdrs,
  ourSessions,
  receiveCdr,
  receiveCommandResult,
  receiveLocationPush,
  receiveSessionPush,
  receiveTariffPush,
  RegistrationError,
  versionDetailsUrlOf,
  type PartnerRow,
} from '../modules/roaming';
import type { Deps } from '../deps';
import { tokenRoutes } from './token-routes';

// The OCPI 2.2.1 transport (DESIGN.md: ocpp/ and ocpi/ are transports): our versions and
// version details (§6), the credentials endpoint (§7), the eMSP receiver interfaces of
// Locations (§8.2.2) and Tariffs (§11.2.2), and Tokens (§12, token-routes.ts). Every answer is the OCPI envelope (§4.1.7) with the
// request's X-Request-ID and X-Correlation-ID echoed (§4.1.5); a missing or unknown token is
// HTTP 401 (§4.1.1). The work is the roaming module's.

type Caller = { partner: PartnerRow; token: string };

/** The most objects one page of our lists holds (§4.1.3: the server may cap the limit). */
export const OCPI_PAGE_LIMIT = 100;

declare module 'fastify' {
  interface FastifyRequest {
    ocpiCaller: Caller | null;
  }
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  http: number,
  statusCode: number,
  data?: unknown,
  message?: string,
) {
  for (const header of ['x-request-id', 'x-correlation-id']) {
    const value = request.headers[header];
    if (typeof value === 'string') void reply.header(header, value);
  }
  return reply
    .code(http)
    .type('application/json; charset=utf-8')
    .send({
      ...(data === undefined ? {} : { data }),
      status_code: statusCode,
      ...(message ? { status_message: message } : {}),
      timestamp: ocpiDateTime(new Date()),
    });
}

const ok = (request: FastifyRequest, reply: FastifyReply, data?: unknown) =>
  answer(request, reply, 200, statusCodes.success, data);

function refusal(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof LocationRefusal) {
    if (error.reason === 'unknownLocation')
      return answer(request, reply, 404, statusCodes.unknownLocation, undefined, error.message);
    return answer(request, reply, 400, statusCodes.invalidParameters, undefined, error.message);
  }
  if (error instanceof RegistrationError)
    return answer(request, reply, 400, statusCodes.unableToUseClientApi, undefined, error.message);
  throw error;
}

export function ocpiRoutes(app: FastifyInstance, deps: Deps): void {
  void app.register(async (ocpi) => {
    ocpi.decorateRequest('ocpiCaller', null);
    ocpi.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return answer(request, reply, status, statusCodes.invalidParameters, undefined, error.message);
      request.log.error({ err: error }, 'OCPI request failed');
      return answer(request, reply, 500, statusCodes.serverError, undefined, 'server error');
    });
    ocpi.setNotFoundHandler((request, reply) =>
      answer(request, reply, 404, statusCodes.clientError, undefined, 'no such endpoint'),
    );
    // §4.1.1: every call carries a token we gave; which one says who calls.
    ocpi.addHook('onRequest', async (request, reply) => {
      for (const token of tokensOfHeader(request.headers.authorization)) {
        const partner = await findPartnerByToken(deps.db, hashToken(token));
        if (partner && partner.status !== 'unregistered') {
          request.ocpiCaller = { partner, token };
          return;
        }
      }
      return answer(request, reply, 401, statusCodes.clientError, undefined, 'unknown token');
    });
    /** Only a registered partner may push or read beyond versions and credentials. */
    const registered = (request: FastifyRequest, reply: FastifyReply): PartnerRow | undefined => {
      const caller = request.ocpiCaller;
      if (caller?.partner.status === 'registered') return caller.partner;
      void answer(request, reply, 401, statusCodes.clientError, undefined, 'not registered');
      return undefined;
    };

    // §6.1, §6.2: versions and the details of ours.
    ocpi.get('/versions', async (request, reply) =>
      ok(request, reply, [{ version: OCPI_VERSION, url: versionDetailsUrlOf(deps) }]),
    );
    ocpi.get(`/${OCPI_VERSION}`, async (request, reply) =>
      ok(request, reply, { version: OCPI_VERSION, endpoints: ourEndpoints(deps) }),
    );

    // §7: credentials.
    const credentialsPath = `/${OCPI_VERSION}/credentials`;
    ocpi.get(credentialsPath, async (request, reply) => {
      const partner = registered(request, reply);
      if (!partner) return reply;
      return ok(request, reply, ourCredentials(deps, request.ocpiCaller!.token));
    });
    const credentialsBody = (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = credentialsSchema.safeParse(request.body);
      if (parsed.success) return parsed.data;
      void answer(request, reply, 400, statusCodes.invalidParameters, undefined, parsed.error.issues[0]?.message);
      return undefined;
    };
    ocpi.post(credentialsPath, async (request, reply) => {
      const { partner } = request.ocpiCaller!;
      // §7.2.1: a registered party updates with PUT.
      if (partner.status !== 'invited')
        return answer(request, reply, 405, statusCodes.clientError, undefined, 'already registered: use PUT');
      const body = credentialsBody(request, reply);
      if (!body) return reply;
      try {
        return ok(request, reply, await acceptRegistration(deps, partner, body));
      } catch (error) {
        return refusal(request, reply, error);
      }
    });
    ocpi.put(credentialsPath, async (request, reply) => {
      const { partner } = request.ocpiCaller!;
      if (partner.status !== 'registered')
        return answer(request, reply, 405, statusCodes.clientError, undefined, 'not registered: use POST');
      const body = credentialsBody(request, reply);
      if (!body) return reply;
      try {
        return ok(request, reply, await acceptUpdate(deps, partner, body));
      } catch (error) {
        return refusal(request, reply, error);
      }
    });
    ocpi.delete(credentialsPath, async (request, reply) => {
      const { partner } = request.ocpiCaller!;
      if (partner.status !== 'registered')
        return answer(request, reply, 405, statusCodes.clientError, undefined, 'not registered');
      await acceptUnregistration(deps, partner);
      return ok(request, reply);
    });

    // §8.2.1 Locations and §11.2.1 Tariffs, sender interface (CPO): our stations for partners'
    // drivers, paged (§4.1.3: Link to the next page, X-Total-Count, X-Limit).
    const listQueryOf = (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = listQuery.safeParse(request.query);
      if (parsed.success) return parsed.data;
      void answer(request, reply, 400, statusCodes.invalidParameters, undefined, parsed.error.issues[0]?.message);
      return undefined;
    };
    const paged = async (
      request: FastifyRequest,
      reply: FastifyReply,
      list: (query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number }) => Promise<{ items: unknown[]; total: number }>,
    ) => {
      if (!registered(request, reply)) return reply;
      const query = listQueryOf(request, reply);
      if (!query) return reply;
      const limit = Math.min(query.limit ?? OCPI_PAGE_LIMIT, OCPI_PAGE_LIMIT);
      const page = await list({
        dateFrom: query.date_from ? parseDateTime(query.date_from) : undefined,
        dateTo: query.date_to ? parseDateTime(query.date_to) : undefined,
        offset: query.offset,
        limit,
      });
      void reply.header('x-total-count', String(page.total)).header('x-limit', String(limit));
      if (query.offset + page.items.length < page.total) {
        const next = new URL(request.url, deps.config.ocpi.publicUrl);
        next.searchParams.set('offset', String(query.offset + page.items.length));
        next.searchParams.set('limit', String(limit));
        void reply.header('link', `<${deps.config.ocpi.publicUrl}${next.pathname}${next.search}>; rel="next"`);
      }
      return ok(request, reply, page.items);
    };
    ocpi.get(`/${OCPI_VERSION}/cpo/locations`, async (request, reply) =>
      paged(request, reply, (query) => ourLocations(deps, query)),
    );
    ocpi.get<{ Params: { locationId: string; evseUid?: string; connectorId?: string } }>(
      `/${OCPI_VERSION}/cpo/locations/:locationId`,
      async (request, reply) => {
        if (!registered(request, reply)) return reply;
        const location = await ourLocation(deps, request.params.locationId);
        if (!location)
          return answer(request, reply, 404, statusCodes.unknownLocation, undefined, 'unknown location');
        return ok(request, reply, location);
      },
    );
    ocpi.get<{ Params: { locationId: string; evseUid: string; connectorId?: string } }>(
      `/${OCPI_VERSION}/cpo/locations/:locationId/:evseUid/:connectorId?`,
      async (request, reply) => {
        if (!registered(request, reply)) return reply;
        const location = await ourLocation(deps, request.params.locationId);
        const evse = location?.evses?.find((e) => e.uid === request.params.evseUid);
        const connectorId = request.params.connectorId;
        const part = connectorId ? evse?.connectors.find((c) => c.id === connectorId) : evse;
        if (!part)
          return answer(request, reply, 404, statusCodes.unknownLocation, undefined, 'unknown location');
        return ok(request, reply, part);
      },
    );
    ocpi.get(`/${OCPI_VERSION}/cpo/tariffs`, async (request, reply) =>
      paged(request, reply, (query) => ourTariffs(deps, query)),
    );
    // §9.2.1 Sessions and §10.2.1 CDRs, sender interface (CPO): the calling partner's drivers'.
    ocpi.get(`/${OCPI_VERSION}/cpo/sessions`, async (request, reply) =>
      paged(request, reply, (query) => ourSessions(deps, request.ocpiCaller!.partner.id, query)),
    );
    ocpi.get(`/${OCPI_VERSION}/cpo/cdrs`, async (request, reply) =>
      paged(request, reply, (query) => ourCdrs(deps, request.ocpiCaller!.partner.id, query)),
    );

    // §8.2.2 Locations, receiver interface (eMSP).
    type LocationParams = {
      countryCode: string;
      partyId: string;
      locationId: string;
      evseUid?: string;
      connectorId?: string;
    };
    const locationsBase = `/${OCPI_VERSION}/emsp/locations/:countryCode/:partyId/:locationId`;
    for (const path of [locationsBase, `${locationsBase}/:evseUid`, `${locationsBase}/:evseUid/:connectorId`]) {
      for (const method of ['PUT', 'PATCH'] as const) {
        ocpi.route<{ Params: LocationParams }>({
          method,
          url: path,
          handler: async (request, reply) => {
            const partner = registered(request, reply);
            if (!partner) return reply;
            try {
              await receiveLocationPush(deps, partner, { method, ...request.params, body: request.body }, new Date(), request.log);
              return ok(request, reply);
            } catch (error) {
              return refusal(request, reply, error);
            }
          },
        });
      }
    }

    // §13.2.2 results of our commands, §9.2.2 session pushes and §10.2.2 CDRs (eMSP).
    ocpi.post<{ Params: { command: string; uid: string } }>(
      `/${OCPI_VERSION}/emsp/commands/:command/:uid`,
      async (request, reply) => {
        const partner = registered(request, reply);
        if (!partner) return reply;
        try {
          await receiveCommandResult(deps, partner, request.params.command, request.params.uid, request.body);
          return ok(request, reply);
        } catch (error) {
          return refusal(request, reply, error);
        }
      },
    );
    for (const method of ['PUT', 'PATCH'] as const) {
      ocpi.route<{ Params: { countryCode: string; partyId: string; sessionId: string } }>({
        method,
        url: `/${OCPI_VERSION}/emsp/sessions/:countryCode/:partyId/:sessionId`,
        handler: async (request, reply) => {
          const partner = registered(request, reply);
          if (!partner) return reply;
          try {
            await receiveSessionPush(deps, partner, { method, ...request.params, body: request.body }, request.log);
            return ok(request, reply);
          } catch (error) {
            return refusal(request, reply, error);
          }
        },
      });
    }
    ocpi.post(`/${OCPI_VERSION}/emsp/cdrs`, async (request, reply) => {
      const partner = registered(request, reply);
      if (!partner) return reply;
      try {
        const id = await receiveCdr(deps, partner, request.body, request.log);
        // §10.2.2.2: the Location of the CDR as we keep it.
        void reply.header(
          'location',
          `${versionDetailsUrlOf(deps)}/emsp/cdrs/${encodeURIComponent(partner.id)}/${encodeURIComponent(id)}`,
        );
        return ok(request, reply);
      } catch (error) {
        return refusal(request, reply, error);
      }
    });

    // §11.2.2 Tariffs, receiver interface (eMSP).
    type TariffParams = { countryCode: string; partyId: string; tariffId: string };
    for (const method of ['PUT', 'DELETE'] as const) {
      ocpi.route<{ Params: TariffParams }>({
        method,
        url: `/${OCPI_VERSION}/emsp/tariffs/:countryCode/:partyId/:tariffId`,
        handler: async (request, reply) => {
          const partner = registered(request, reply);
          if (!partner) return reply;
          try {
            await receiveTariffPush(deps, partner, { method, ...request.params, body: request.body });
            return ok(request, reply);
          } catch (error) {
            return refusal(request, reply, error);
          }
        },
      });
    }

    // §12 Tokens, both ways.
    tokenRoutes(ocpi, deps, { answer, ok, registered, paged });
  }, { prefix: '/ocpi' });
}
