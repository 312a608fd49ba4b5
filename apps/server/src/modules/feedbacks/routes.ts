import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@evcharge/api/common';
import {
  approveFeedback,
  createFeedback,
  deleteOwnFeedback,
  listApprovedFeedbacks,
  listPendingFeedbacks,
  rejectFeedback,
} from '@evcharge/api/feedbacks/feedbacks';
import { REVIEW_PHOTOS_MAX } from '@evcharge/domain/reviews';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { optionalUser } from '../../plugins/auth';
import { userWriteRateLimit, type RateLimits } from '../../plugins/rate-limit';
import {
  createReview,
  deleteOwnReview,
  moderate,
  pendingQueue,
  reviewPhoto,
  stationReviews,
} from './service';
import { isModerator, requireModerator } from './staff';

/**
 * A review's body: up to REVIEW_PHOTOS_MAX photos of at most 700,000 base64 characters each
 * (the contract's cap; 500 kB of bytes, SPEC §9), its text and the JSON around them.
 */
export const REVIEW_BODY_LIMIT_BYTES = REVIEW_PHOTOS_MAX * 700_000 + 256 * 1024;

const photoParams = z.object({ id: z.uuid() });

export function feedbackRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  const { db } = deps;
  route(app, listApprovedFeedbacks, async ({ auth, params, query }) =>
    stationReviews(db, params.id, auth?.user.id ?? null, query),
  );
  route(
    app,
    createFeedback,
    async ({ auth, body }) => createReview(db, { id: auth.user.id, name: auth.user.name }, body),
    { bodyLimit: REVIEW_BODY_LIMIT_BYTES, rateLimit: userWriteRateLimit(limits) },
  );
  route(app, deleteOwnFeedback, async ({ auth, params }) => {
    await deleteOwnReview(db, auth.user.id, params.id);
    return { ok: true as const };
  });

  // The moderators' queue: anyone without the role gets 404 and nothing changes (staff.ts).
  route(app, listPendingFeedbacks, async ({ auth, query }) =>
    pendingQueue(db, requireModerator(auth), query.page),
  );
  route(app, approveFeedback, async ({ auth, params }) =>
    moderate(db, requireModerator(auth), params.id, { status: 'approved' }, deps.now()),
  );
  route(app, rejectFeedback, async ({ auth, params, body }) =>
    moderate(
      db,
      requireModerator(auth),
      params.id,
      { status: 'deleted', reason: body.reason },
      deps.now(),
    ),
  );

  // A photo's bytes, not JSON, so not through `route`. An approved review's photo is public and
  // never changes (a new photo is a new id); a pending one goes only to its author and the
  // moderators, and is kept by no cache.
  app.get(
    '/api/feedbacks/photo/:id',
    {
      schema: {
        summary: 'A review photo (image/jpeg or image/png), without metadata',
        tags: ['feedbacks'],
        params: photoParams,
        response: { '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
      preParsing: optionalUser,
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof photoParams>;
      const auth = request.auth;
      const photo = await reviewPhoto(
        db,
        id,
        auth ? { id: auth.user.id, moderator: isModerator(auth) } : null,
      ).catch((error: unknown) => {
        reply.header('cache-control', 'private, no-store');
        throw error;
      });
      return reply
        .type(photo.contentType)
        .header(
          'cache-control',
          photo.isPublic ? 'public, max-age=86400, immutable' : 'private, no-store',
        )
        .send(photo.data);
    },
  );
}
