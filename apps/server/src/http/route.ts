import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Contract, ContractResponse } from '@evcharge/api/contract';
import { errorBodySchema } from '@evcharge/api/common';
import { optionalUser, requireUser, type Auth } from '../plugins/auth';

type Parsed<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

export type RouteInput<C extends Contract> = {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  /** Always set on `user` routes; on public ones only when a valid token came along. */
  auth: C['auth'] extends 'user' ? Auth : Auth | null;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteOptions = {
  /** Per-route override of the global rate limit (@fastify/rate-limit route config). */
  rateLimit?: { max: number; timeWindow: number };
};

/**
 * Registers one contract as a route: method, path, auth and the zod schemas for params,
 * query, body and response all come from the contract (docs/decisions/002).
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<ContractResponse<C>>,
  options: RouteOptions = {},
): void {
  const status = contract.status ?? 200;
  const routeOptions: RouteShorthandOptions = {
    schema: {
      summary: contract.summary,
      tags: [...contract.tags],
      ...(contract.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response, '4xx': errorBodySchema, '5xx': errorBodySchema },
    },
    // preParsing: after the rate limit (onRequest), before the body is parsed or validated.
    preParsing: contract.auth === 'user' ? requireUser : optionalUser,
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
  };
  app.route({
    method: contract.method,
    url: contract.path,
    ...routeOptions,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        auth: request.auth,
        request,
        reply,
      } as RouteInput<C>);
      reply.code(status);
      return status === 204 ? reply.send() : result;
    },
  });
}
