import { z } from 'zod';
import {
  REVIEW_DELETE_REASON_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_TEXT_MAX,
  reviewStatuses,
} from '@evcharge/domain/reviews';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { pageNumberSchema } from '../paging';
import { okSchema } from '../common';

// SPEC §7 Feedbacks: GET /feedbacks/approved/{id}, POST /feedbacks,
// PUT /feedbacks/{id}/result/delete; SPEC §3 Review/feedback; the moderators' queue.

const id = z.uuid({ error: rule.invalid });

export const reviewPhotoSchema = z.object({
  id: z.string(),
  /** The re-encoded image (GET /api/feedbacks/photo/{id}): no EXIF, no location. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const reviewSchema = z.object({
  id: z.string(),
  stationId: z.string(),
  /** The author's first name; null when the review is anonymous. */
  authorName: z.string().nullable(),
  isAnonymous: z.boolean(),
  text: z.string(),
  /** Whether charging worked for the author; null when they did not say. */
  chargingWorked: z.boolean().nullable(),
  /** The author charged at this station (a finished session of ours) before writing. */
  chargedHere: z.boolean(),
  status: z.enum(reviewStatuses),
  /** Why a moderator deleted it (shown to its author). */
  deleteReason: z.string().nullable(),
  createdAt: z.string(),
  photos: z.array(reviewPhotoSchema),
  /** Written by the signed-in driver (they may delete it). */
  isMine: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** "Verified working": what our own sessions and the latest reviews say of a station. */
export const stationVerdictSchema = z.object({
  /** The last session of ours here that delivered energy and ended well. */
  lastChargedAt: z.string().nullable(),
  /** Of the latest approved reviews that said (up to 10): how many say it worked, and not. */
  recentWorked: z.number().int(),
  recentNotWorked: z.number().int(),
});

export const listApprovedFeedbacks = defineContract({
  method: 'GET',
  path: '/api/feedbacks/approved/:id',
  auth: 'public',
  summary:
    'A station’s approved reviews, newest first (and the signed-in author’s own pending ones)',
  tags: ['feedbacks'],
  params: z.object({ id }),
  query: z.object({
    page: pageNumberSchema,
    pageSize: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(1, { error: rule.invalid })
      .max(50, { error: rule.invalid })
      .default(10),
  }),
  response: z.object({
    items: z.array(reviewSchema),
    total: z.number().int(),
    /** The signed-in driver's reviews of this station still waiting for a moderator. */
    mine: z.array(reviewSchema),
    verdict: stationVerdictSchema,
  }),
});

export const createFeedback = defineContract({
  method: 'POST',
  path: '/api/feedbacks',
  auth: 'user',
  summary: 'Write a review of a station; it waits for a moderator',
  tags: ['feedbacks'],
  body: z
    .object({
      stationId: id,
      text: z
        .string({ error: rule.required })
        .trim()
        .min(1, { error: rule.required })
        .max(REVIEW_TEXT_MAX, { error: rule.tooLong }),
      isAnonymous: z.boolean().default(false),
      chargingWorked: z.boolean().nullable().default(null),
      /** Photos as base64 (JPEG or PNG, each at most 500 kB before encoding, SPEC §9). */
      photos: z
        .array(z.string().max(700_000, { error: rule.tooLong }))
        .max(REVIEW_PHOTOS_MAX, { error: rule.tooLong })
        .default([]),
    })
    .strict(),
  response: reviewSchema,
  status: 201,
});

export const deleteOwnFeedback = defineContract({
  method: 'PUT',
  path: '/api/feedbacks/:id/result/delete',
  auth: 'user',
  summary: 'The author deletes their own review',
  tags: ['feedbacks'],
  params: z.object({ id }),
  response: okSchema,
});

/** A review as the moderators' queue shows it, with its station and author. */
export const moderatedReviewSchema = reviewSchema.extend({
  station: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

export const listPendingFeedbacks = defineContract({
  method: 'GET',
  path: '/api/admin/feedbacks/pending',
  auth: 'user',
  summary: 'Staff (moderator, admin): reviews waiting for a moderator, oldest first',
  tags: ['admin'],
  query: z.object({
    page: pageNumberSchema,
  }),
  response: z.object({ items: z.array(moderatedReviewSchema), total: z.number().int() }),
});

export const approveFeedback = defineContract({
  method: 'PUT',
  path: '/api/admin/feedbacks/:id/approve',
  auth: 'user',
  summary: 'Staff (moderator, admin): approve a pending review',
  tags: ['admin'],
  params: z.object({ id }),
  response: moderatedReviewSchema,
});

export const rejectFeedback = defineContract({
  method: 'PUT',
  path: '/api/admin/feedbacks/:id/delete',
  auth: 'user',
  summary: 'Staff (moderator, admin): delete a review, with the reason its author sees',
  tags: ['admin'],
  params: z.object({ id }),
  body: z
    .object({
      reason: z
        .string({ error: rule.required })
        .trim()
        .min(1, { error: rule.required })
        .max(REVIEW_DELETE_REASON_MAX, { error: rule.tooLong }),
    })
    .strict(),
  response: moderatedReviewSchema,
});
