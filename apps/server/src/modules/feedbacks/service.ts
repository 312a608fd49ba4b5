import type { z } from 'zod';
import type { moderatedReviewSchema, Review } from '@evcharge/api/feedbacks/feedbacks';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { preparePhotos } from './images';
import * as repo from './repo';
import type { ModeratedRow, PhotoInfo, ReviewRow, ReviewWithAuthor } from './repo';

// SPEC §3 Review/feedback and §7 Feedbacks: a driver writes a review, it waits for a moderator
// (pending), then shows on the station's page (approved) or never (deleted).

type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

/** How many of the latest approved reviews that said whether charging worked make the verdict. */
export const VERDICT_REVIEWS = 10;
/** The moderators' queue, a page at a time. */
export const QUEUE_PAGE_SIZE = 20;

export const photoPath = (id: string) => `/api/feedbacks/photo/${id}`;

/** The photos of each review by its id. */
export function photosByReview(photos: readonly PhotoInfo[]): Map<string, Review['photos']> {
  const byReview = new Map<string, Review['photos']>();
  for (const photo of photos) {
    const list = byReview.get(photo.reviewId) ?? [];
    list.push({ id: photo.id, url: photoPath(photo.id), width: photo.width, height: photo.height });
    byReview.set(photo.reviewId, list);
  }
  return byReview;
}

/** A review as its API answers it; the author's name only when they did not stay anonymous. */
export function toReview(
  row: ReviewRow & { authorName: string },
  photos: Review['photos'],
  callerId: string | null,
): Review {
  return {
    id: row.id,
    stationId: row.stationId,
    authorName: row.isAnonymous ? null : row.authorName,
    isAnonymous: row.isAnonymous,
    text: row.text,
    chargingWorked: row.chargingWorked,
    chargedHere: row.chargedHere,
    status: row.status,
    deleteReason: row.deleteReason,
    createdAt: row.createdAt.toISOString(),
    photos,
    isMine: callerId !== null && row.userId === callerId,
  };
}

/** Of what the latest reviews said (true: it worked), how many say it worked and how many not. */
export function tally(said: readonly boolean[]): { recentWorked: number; recentNotWorked: number } {
  const recentWorked = said.filter(Boolean).length;
  return { recentWorked, recentNotWorked: said.length - recentWorked };
}

async function withPhotos(
  db: Db,
  rows: readonly ReviewWithAuthor[],
  callerId: string | null,
): Promise<Review[]> {
  const photos = photosByReview(
    await repo.findPhotos(
      db,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => toReview(row, photos.get(row.id) ?? [], callerId));
}

export type NewReview = {
  stationId: string;
  text: string;
  isAnonymous: boolean;
  chargingWorked: boolean | null;
  photos: string[];
};

/**
 * A pending review. Every photo is checked and re-encoded before anything is written, and the
 * review and its photos go in together, so a refused photo leaves nothing behind.
 */
export async function createReview(
  db: Db,
  author: { id: string; name: string },
  body: NewReview,
): Promise<Review> {
  if (!(await repo.stationExists(db, body.stationId))) throw new AppError('NOT_FOUND');
  const photos = await preparePhotos(body.photos);
  const chargedHere = await repo.chargedAt(db, author.id, body.stationId);
  const stored = await repo.insertReview(
    db,
    {
      stationId: body.stationId,
      userId: author.id,
      text: body.text,
      isAnonymous: body.isAnonymous,
      chargingWorked: body.chargingWorked,
      chargedHere,
    },
    photos,
  );
  const photoList = photosByReview(stored.photos).get(stored.review.id) ?? [];
  return toReview({ ...stored.review, authorName: author.name }, photoList, author.id);
}

export async function stationReviews(
  db: Db,
  stationId: string,
  callerId: string | null,
  page: { page: number; pageSize: number },
) {
  if (!(await repo.stationExists(db, stationId))) throw new AppError('NOT_FOUND');
  const [approved, pending, lastCharged, said] = await Promise.all([
    repo.findApproved(db, stationId, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    }),
    callerId ? repo.findPendingOf(db, callerId, stationId) : Promise.resolve([]),
    repo.lastChargedAt(db, stationId),
    repo.latestSaidWorked(db, stationId, VERDICT_REVIEWS),
  ]);
  const [items, mine] = await Promise.all([
    withPhotos(db, approved.rows, callerId),
    withPhotos(db, pending, callerId),
  ]);
  return {
    items,
    total: approved.total,
    mine,
    verdict: { lastChargedAt: lastCharged?.toISOString() ?? null, ...tally(said) },
  };
}

/** The author deletes their own review; another's (or one already deleted) is not found. */
export async function deleteOwnReview(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteByAuthor(db, userId, id))) throw new AppError('NOT_FOUND');
}

function toModerated(
  row: ModeratedRow,
  photos: Review['photos'],
  callerId: string,
): ModeratedReview {
  return {
    ...toReview(row, photos, callerId),
    station: { id: row.stationId, code: row.stationCode, name: row.stationName },
    author: { id: row.userId, name: row.authorName, email: row.authorEmail },
  };
}

export async function pendingQueue(
  db: Db,
  moderatorId: string,
  page: number,
): Promise<{ items: ModeratedReview[]; total: number }> {
  const { rows, total } = await repo.findPendingQueue(db, {
    limit: QUEUE_PAGE_SIZE,
    offset: (page - 1) * QUEUE_PAGE_SIZE,
  });
  const photos = photosByReview(
    await repo.findPhotos(
      db,
      rows.map((row) => row.id),
    ),
  );
  return {
    items: rows.map((row) => toModerated(row, photos.get(row.id) ?? [], moderatorId)),
    total,
  };
}

/**
 * A moderator approves or deletes a pending review. One that is not pending (decided by another
 * moderator, or deleted by its author) is NOT_FOUND: the queue no longer holds it.
 */
export async function moderate(
  db: Db,
  moderatorId: string,
  id: string,
  decision: { status: 'approved' } | { status: 'deleted'; reason: string },
  at: Date,
): Promise<ModeratedReview> {
  const done = await repo.moderatePending(db, id, { ...decision, moderatedBy: moderatorId, at });
  if (!done) throw new AppError('NOT_FOUND');
  const row = await repo.findModerated(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const photos = photosByReview(await repo.findPhotos(db, [id]));
  return toModerated(row, photos.get(id) ?? [], moderatorId);
}

/** Who may have a photo's bytes: anyone for an approved review, its author or a moderator for a pending one. */
export async function reviewPhoto(
  db: Db,
  id: string,
  caller: { id: string; moderator: boolean } | null,
): Promise<{ contentType: string; data: Buffer; isPublic: boolean }> {
  const photo = await repo.findPhoto(db, id);
  if (!photo) throw new AppError('NOT_FOUND');
  if (photo.status === 'approved')
    return { contentType: photo.contentType, data: photo.data, isPublic: true };
  const allowed =
    photo.status === 'pending' &&
    caller !== null &&
    (caller.id === photo.userId || caller.moderator);
  if (!allowed) throw new AppError('NOT_FOUND');
  return { contentType: photo.contentType, data: photo.data, isPublic: false };
}
