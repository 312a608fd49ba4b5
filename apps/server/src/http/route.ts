import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Contract, ContractResponse } from '@evcharge/api/contract';
import { errorBodySchema } from '@evcharge/api/common';
import { AppError } from '@evcharge/domain/errors';
import {
  optionalUser,
  requireUser,
  requireUserCached,
  requireUserId,
  type Auth,
} from '../plugins/auth';
import { errorHandler } from '../plugins/errors';
import type {} from './idempotency';
import {
  compress,
  MIN_COMPRESSED_BYTES,
  pickAnswerEncoding,
  type AnswerEncoding,
} from './compression';

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
  rateLimit?: {
    max: number;
    timeWindow: number;
    /** When the limit is checked (default onRequest); later hooks know who asks. */
    hook?: 'preValidation' | 'preHandler';
    keyGenerator?: (request: FastifyRequest) => string;
  };
  /**
   * Turns a VALIDATION_FAILED of this route into a more telling catalogue error (an empty
   * connector filter is 'No connector types chosen', a bad QR code 'Incorrect QR code').
   */
  validationError?: (error: AppError) => AppError;
  /**
   * A `user` route that only needs to know who asks and is called many times a second
   * (the station list and map): trust a token seen in the last AUTH_CACHE_MS.
   */
  cachedAuth?: boolean;
  /**
   * Runs after the body is parsed, before it is validated: a route that keeps answers
   * (the station list and map) answers a request it has seen from there.
   */
  preValidation?: preValidationHookHandler;
  /**
   * The most bytes this route's body may have, over the app's BODY_LIMIT_BYTES: a review
   * carries its photos as base64 (SPEC §9 images).
   */
  bodyLimit?: number;
};

/**
 * A response the handler already serialized to JSON, sent as is. Hot paths use it where
 * checking and serializing through the zod response schema would cost more than the work
 * itself (hundreds of stations per answer); their tests parse the answer with the schema.
 */
export class JsonText<T> {
  declare readonly _response?: T;
  /**
   * `compressed` gives the answer's bytes in an encoding, for answers that keep them
   * (answer-cache.ts), and `compressedNow` the ones already made; without them the route
   * compresses the answer itself.
   */
  constructor(
    readonly json: string | Buffer,
    readonly compressed?: (encoding: AnswerEncoding) => Promise<Buffer>,
    readonly compressedNow?: (encoding: AnswerEncoding) => Buffer | undefined,
  ) {}
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const plainHeaders = { 'content-type': JSON_CONTENT_TYPE, vary: 'accept-encoding' };
const encodedHeaders = {
  zstd: { ...plainHeaders, 'content-encoding': 'zstd' },
  br: { ...plainHeaders, 'content-encoding': 'br' },
  gzip: { ...plainHeaders, 'content-encoding': 'gzip' },
};

/**
 * Sends a JsonText, compressed when it is big enough and the client accepts it. Bytes made
 * before go out at once (no promise): the kept answers of the station list and map.
 */
export function sendJsonText<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  text: JsonText<T>,
): FastifyReply | Promise<FastifyReply> {
  if (text.json.length < MIN_COMPRESSED_BYTES) return reply.type(JSON_CONTENT_TYPE).send(text.json);
  const encoding = pickAnswerEncoding(request.headers['accept-encoding'], text.json.length);
  if (!encoding) return reply.headers(plainHeaders).send(text.json);
  const ready = text.compressedNow?.(encoding);
  if (ready) return reply.headers(encodedHeaders[encoding]).send(ready);
  return (text.compressed?.(encoding) ?? compress(text.json, encoding)).then((body) =>
    reply.headers(encodedHeaders[encoding]).send(body),
  );
}

type HandlerResult<C extends Contract> = ContractResponse<C> | JsonText<ContractResponse<C>>;

/**
 * Registers one contract as a route: method, path, auth and the zod schemas for params,
 * query, body and response all come from the contract (docs/decisions/002).
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: RouteInput<C>) => Promise<HandlerResult<C>>,
  options: RouteOptions = {},
): void {
  const preParsing =
    contract.auth !== 'user'
      ? optionalUser
      : options.cachedAuth
        ? requireUserCached
        : requireUser;
  register(app, contract, options, preParsing, (request, reply) =>
    handler({
      params: request.params,
      query: request.query,
      body: request.body,
      auth: request.auth,
      request,
      reply,
    } as RouteInput<C>),
  );
}

export type PollRouteInput<C extends Contract> = {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  /** The signed-in user's id, looked up on every request (a revoked token is refused). */
  userId: string;
  /** The user's staff role, if any, read with the id. */
  staffRole: Auth['user']['staffRole'];
  reply: FastifyReply;
};

/**
 * A `user` route whose requests the server holds open (the long polls, DESIGN.md Real
 * time): the token is checked against the database on each request as on every `user` route,
 * but only the user's id and staff role are read and kept with the open request, not the
 * user's row.
 */
export function pollRoute<C extends Contract & { auth: 'user' }>(
  app: FastifyInstance,
  contract: C,
  handler: (input: PollRouteInput<C>) => Promise<HandlerResult<C>>,
): void {
  register(app, contract, {}, requireUserId, (request, reply) =>
    handler({
      params: request.params,
      query: request.query,
      userId: request.authUserId!,
      staffRole: request.authStaffRole,
      reply,
    } as PollRouteInput<C>),
  );
}

function register<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  options: RouteOptions,
  preParsing: RouteShorthandOptions['preParsing'],
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<HandlerResult<C>>,
): void {
  const status = contract.status ?? 200;
  const routeOptions: RouteShorthandOptions = {
    schema: {
      summary: contract.summary,
      ...(contract.idempotent
        ? {
            description:
              'Moves money: send an `Idempotency-Key` header (1-255 printable ASCII characters, one per intent). A repeat with the same key within 24 h answers the first answer and moves nothing; the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED.',
          }
        : {}),
      tags: [...contract.tags],
      ...(contract.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { [status]: contract.response, '4xx': errorBodySchema, '5xx': errorBodySchema },
    },
    // preParsing: after the rate limit (onRequest), before the body is parsed or validated.
    preParsing,
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    // Contract.idempotent: the Idempotency-Key is claimed after validation, the answer kept.
    ...(contract.idempotent
      ? {
          preHandler: (request, reply) => app.idempotencyKeys.claim(contract, request, reply),
          onSend: (request, reply, payload) => app.idempotencyKeys.keep(request, reply, payload),
        }
      : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  };
  const { validationError } = options;
  if (validationError) {
    routeOptions.errorHandler = (error, request, reply) =>
      errorHandler(
        error instanceof AppError && error.code === 'VALIDATION_FAILED'
          ? validationError(error)
          : error,
        request,
        reply,
      );
  }
  app.route({
    method: contract.method,
    url: contract.path,
    ...routeOptions,
    // A `then` rather than an async function: a held long poll keeps no suspended function.
    handler: (request, reply) =>
      run(request, reply).then((result) => {
        reply.code(status);
        if (result instanceof JsonText) return sendJsonText(request, reply, result);
        return status === 204 ? reply.send() : result;
      }),
  });
}
