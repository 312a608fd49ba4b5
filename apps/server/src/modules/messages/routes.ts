import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@evcharge/api/common';
import {
  countNewMessages,
  listMessages,
  MESSAGE_POLL_SECONDS,
  readMessages,
  sendMessage,
  sendMessageFiles,
  subscribeMessages,
} from '@evcharge/api/messages/messages';
import { AppError } from '@evcharge/domain/errors';
import { MESSAGE_FILES_MAX, supportSchedule } from '@evcharge/domain/support';
import { brandOfAccount } from '../../brand/brands';
import type { Deps } from '../../deps';
import { pollRoute, route } from '../../http/route';
import { optionalUser, type UserRow } from '../../plugins/auth';
import { userWriteRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { pollWaitFor, QuietLooks, type PollWait } from '../sessions';
import * as repo from './repo';
import {
  countNew,
  driverMessages,
  pollDriver,
  readByDriver,
  sendDriverMessage,
  type BrandSupport,
  type DriverPollAnswer,
} from './service';
import { isSupport } from './staff';
import { staffRoutes } from './staff-routes';

// SPEC §7 Messages and feedback: the driver's chat with support, its long poll and its files;
// the support console's routes are in staff-routes.ts.

/**
 * A message's body with files: up to MESSAGE_FILES_MAX files of at most 700,000 base64
 * characters each (the contract's cap; 500 kB of bytes, SPEC §9), its text and the JSON around.
 */
export const MESSAGE_BODY_LIMIT_BYTES = MESSAGE_FILES_MAX * 700_000 + 256 * 1024;

const fileParams = z.object({ id: z.uuid() });

/** An attachment's file name for content-disposition (RFC 6266): ASCII, and UTF-8 beside it. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function messageRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  /**
   * How a poll waits: until `seconds` (else the spread default), the client goes away, or the
   * server closes (the bus's close answers held polls at once).
   */
  const pollWait = (reply: FastifyReply, seconds: number | undefined): PollWait =>
    pollWaitFor(reply.raw, seconds, MESSAGE_POLL_SECONDS);
  const writing = { rateLimit: userWriteRateLimit(limits) };
  // SPEC §1: the hours and the answer time of the driver's brand (users.brand).
  const supportOf = (user: UserRow): BrandSupport => {
    const { support } = brandOfAccount(user, deps.brand);
    return { schedule: supportSchedule(support.hours), answerMinutes: support.responseMinutes };
  };

  route(app, listMessages, async ({ auth, query }) =>
    driverMessages(deps, auth.user.id, query, supportOf(auth.user)),
  );
  route(app, countNewMessages, async ({ auth }) => countNew(deps, auth.user.id));
  const quietPolls = new QuietLooks<DriverPollAnswer>(deps.chargeEvents);
  pollRoute(app, subscribeMessages, ({ userId, params, query, reply }) =>
    pollDriver(
      deps,
      userId,
      { cursor: params.id, read: query.read },
      pollWait(reply, query.wait),
      quietPolls,
    ),
  );
  route(
    app,
    sendMessage,
    async ({ auth, body }) => sendDriverMessage(deps, auth.user.id, body, supportOf(auth.user)),
    writing,
  );
  route(
    app,
    sendMessageFiles,
    async ({ auth, body }) => sendDriverMessage(deps, auth.user.id, body, supportOf(auth.user)),
    { ...writing, bodyLimit: MESSAGE_BODY_LIMIT_BYTES },
  );
  route(app, readMessages, async ({ auth, body }) => readByDriver(deps, auth.user.id, body.upTo));

  // A file's bytes, not JSON, so not through `route`: to the conversation's driver and to
  // support staff only (anyone else: NOT_FOUND), and kept by no cache.
  app.get(
    '/api/messages/file/:id',
    {
      schema: {
        summary: 'A file of a support chat message (JPEG, PNG without metadata, or PDF)',
        tags: ['messages'],
        params: fileParams,
        response: { '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
      preParsing: optionalUser,
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store');
      const { id } = request.params as z.infer<typeof fileParams>;
      const auth = request.auth;
      const file = auth ? await repo.findFile(deps.db, id) : undefined;
      if (!file || !auth || (file.userId !== auth.user.id && !isSupport(auth)))
        throw new AppError('NOT_FOUND');
      if (file.contentType === 'application/pdf')
        reply.header('content-disposition', attachment(file.fileName));
      return reply.type(file.contentType).send(file.data);
    },
  );

  staffRoutes(app, deps, pollWait);
}
