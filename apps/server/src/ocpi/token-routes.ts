import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { statusCodes, tokenTypes } from '@evcharge/api/ocpi/types';
import {
  authorizeToken,
  OCPI_VERSION,
  ourTokens,
  partnerToken,
  receiveTokenPush,
  TokenRefusal,
  type PartnerRow,
  type RoamingDeps,
} from '../modules/roaming';

// OCPI 2.2.1 §12 Tokens on the transport: our Tokens SENDER as an eMSP (the list of our
// drivers' tokens, §12.2.2.1, and real-time authorization, §12.2.2.2) and our Tokens RECEIVER
// as a CPO (partners' drivers' tokens, §12.2.1: GET of one, PUT, PATCH). Registered inside the /ocpi
// plugin of routes.ts, with its answer helpers.

export type TokenRouteHelpers = {
  answer: (
    request: FastifyRequest,
    reply: FastifyReply,
    http: number,
    statusCode: number,
    data?: unknown,
    message?: string,
  ) => FastifyReply;
  ok: (request: FastifyRequest, reply: FastifyReply, data?: unknown) => FastifyReply;
  registered: (request: FastifyRequest, reply: FastifyReply) => PartnerRow | undefined;
  paged: (
    request: FastifyRequest,
    reply: FastifyReply,
    list: (query: {
      dateFrom?: Date;
      dateTo?: Date;
      offset: number;
      limit: number;
    }) => Promise<{ items: unknown[]; total: number }>,
  ) => Promise<FastifyReply>;
};

/** §12.4.4 TokenType: the token's type in the query; RFID when absent (§12.2.1, §12.2.2.2). */
const typeQuery = z.object({ type: z.enum(tokenTypes).default('RFID') });

export function tokenRoutes(ocpi: FastifyInstance, deps: RoamingDeps, helpers: TokenRouteHelpers) {
  const { answer, ok, registered, paged } = helpers;

  const refusal = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof TokenRefusal) {
      if (error.reason === 'unknownToken')
        return answer(request, reply, 404, statusCodes.unknownToken, undefined, error.message);
      return answer(request, reply, 400, statusCodes.invalidParameters, undefined, error.message);
    }
    throw error;
  };
  const typeOf = (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = typeQuery.safeParse(request.query);
    if (parsed.success) return parsed.data.type;
    void answer(
      request,
      reply,
      400,
      statusCodes.invalidParameters,
      undefined,
      'unknown token type',
    );
    return undefined;
  };

  // §12.2.2.1 Tokens SENDER (eMSP): our drivers' tokens, paged.
  ocpi.get(`/${OCPI_VERSION}/emsp/tokens`, async (request, reply) =>
    paged(request, reply, (query) => ourTokens(deps, query)),
  );

  // §12.2.2.2 Real-time authorization, with an optional LocationReferences body.
  ocpi.post<{ Params: { uid: string } }>(
    `/${OCPI_VERSION}/emsp/tokens/:uid/authorize`,
    async (request, reply) => {
      const partner = registered(request, reply);
      if (!partner) return reply;
      const type = typeOf(request, reply);
      if (!type) return reply;
      try {
        const info = await authorizeToken(deps, partner, {
          uid: request.params.uid,
          type,
          body: request.body,
        });
        return ok(request, reply, info);
      } catch (error) {
        return refusal(request, reply, error);
      }
    },
  );

  // §12.2.1 Tokens RECEIVER (CPO): partners' drivers' tokens.
  type TokenParams = { countryCode: string; partyId: string; uid: string };
  const tokenPath = `/${OCPI_VERSION}/cpo/tokens/:countryCode/:partyId/:uid`;
  for (const method of ['PUT', 'PATCH'] as const) {
    ocpi.route<{ Params: TokenParams }>({
      method,
      url: tokenPath,
      handler: async (request, reply) => {
        const partner = registered(request, reply);
        if (!partner) return reply;
        const type = typeOf(request, reply);
        if (!type) return reply;
        try {
          await receiveTokenPush(deps, partner, {
            method,
            ...request.params,
            type,
            body: request.body,
          });
          return ok(request, reply);
        } catch (error) {
          return refusal(request, reply, error);
        }
      },
    });
  }
  ocpi.get<{ Params: TokenParams }>(tokenPath, async (request, reply) => {
    const partner = registered(request, reply);
    if (!partner) return reply;
    const type = typeOf(request, reply);
    if (!type) return reply;
    const found = await partnerToken(deps, partner, { ...request.params, type });
    if (!found)
      return answer(request, reply, 404, statusCodes.unknownToken, undefined, 'unknown token');
    return ok(request, reply, found);
  });
}
