import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  max,
  ne,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { reviewPhotos, reviews } from '../../db/schema/social';
import { connectors, stations } from '../../db/schema/stations';
import { users } from '../../db/schema/users';
import type { PreparedPhoto } from './images';

// SPEC §3 Review/feedback: reviews of stations and their photos. A review's author is its
// user_id; the queries that change one are scoped by it (DESIGN.md Security) or by its status.

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = Pick<
  typeof reviews.$inferInsert,
  'stationId' | 'userId' | 'text' | 'isAnonymous' | 'chargingWorked' | 'chargedHere'
>;
/** A review with what the public list shows of its author. */
export type ReviewWithAuthor = ReviewRow & { authorName: string };
/** A review as the moderators' queue shows it. */
export type ModeratedRow = ReviewWithAuthor & {
  authorEmail: string;
  stationCode: string;
  stationName: string;
};
export type PhotoInfo = { id: string; reviewId: string; width: number; height: number };

const withAuthor = { ...getTableColumns(reviews), authorName: users.name };

export async function stationExists(db: Db, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row !== undefined;
}

/** The user finished a session of ours (status success) on a connector of the station. */
export async function chargedAt(db: Db, userId: string, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(
      and(
        eq(chargingSessions.userId, userId),
        eq(connectors.stationId, stationId),
        eq(chargingSessions.status, 'success'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The review and its photos (in their order), in one transaction. */
export async function insertReview(
  db: Db,
  values: ReviewValues,
  photos: readonly PreparedPhoto[],
): Promise<{ review: ReviewRow; photos: PhotoInfo[] }> {
  return db.transaction(async (tx) => {
    const [review] = await tx.insert(reviews).values(values).returning();
    if (!review) throw new Error('review insert returned nothing');
    const stored =
      photos.length === 0
        ? []
        : await tx
            .insert(reviewPhotos)
            .values(
              photos.map((photo, position) => ({
                reviewId: review.id,
                contentType: photo.contentType,
                sizeBytes: photo.data.length,
                width: photo.width,
                height: photo.height,
                position,
                data: photo.data,
              })),
            )
            .returning({
              id: reviewPhotos.id,
              reviewId: reviewPhotos.reviewId,
              width: reviewPhotos.width,
              height: reviewPhotos.height,
            });
    return { review, photos: stored };
  });
}

/** The photos of these reviews, each review's in their order. */
export async function findPhotos(db: Db, reviewIds: readonly string[]): Promise<PhotoInfo[]> {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      id: reviewPhotos.id,
      reviewId: reviewPhotos.reviewId,
      width: reviewPhotos.width,
      height: reviewPhotos.height,
    })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...reviewIds]))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position));
}

/** A station's approved reviews, newest first, one page of them, and how many there are. */
export async function findApproved(
  db: Db,
  stationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const where = and(eq(reviews.stationId, stationId), eq(reviews.status, 'approved'));
  const [rows, [counted]] = await Promise.all([
    db
      .select(withAuthor)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The user's reviews of a station still waiting for a moderator, newest first. */
export async function findPendingOf(
  db: Db,
  userId: string,
  stationId: string,
): Promise<ReviewWithAuthor[]> {
  return db
    .select(withAuthor)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        eq(reviews.stationId, stationId),
        eq(reviews.userId, userId),
        eq(reviews.status, 'pending'),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** When a session of ours here last ended well having delivered energy; null if never. */
export async function lastChargedAt(db: Db, stationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(chargingSessions.stoppedAt) })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(
      and(
        eq(connectors.stationId, stationId),
        eq(chargingSessions.status, 'success'),
        gt(chargingSessions.energyWh, 0),
      ),
    );
  const at = row?.at ?? null;
  // max() over a timestamptz comes back as the driver's text, not through the column's mapping.
  return at === null ? null : new Date(at);
}

/** What the latest approved reviews that said it tell of charging (newest first). */
export async function latestSaidWorked(
  db: Db,
  stationId: string,
  limit: number,
): Promise<boolean[]> {
  const rows = await db
    .select({ worked: reviews.chargingWorked })
    .from(reviews)
    .where(
      and(
        eq(reviews.stationId, stationId),
        eq(reviews.status, 'approved'),
        isNotNull(reviews.chargingWorked),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.flatMap((row) => (row.worked === null ? [] : [row.worked]));
}

/** The author deletes their review; false when it is not theirs or already deleted. */
export async function deleteByAuthor(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ status: 'deleted', deletedBy: 'author' })
    .where(and(eq(reviews.id, id), eq(reviews.userId, userId), ne(reviews.status, 'deleted')))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** A photo with what decides who may see it: its review's status and author. */
export async function findPhoto(
  db: Db,
  id: string,
): Promise<
  { contentType: string; data: Buffer; status: ReviewRow['status']; userId: string } | undefined
> {
  const [row] = await db
    .select({
      contentType: reviewPhotos.contentType,
      data: reviewPhotos.data,
      status: reviews.status,
      userId: reviews.userId,
    })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.id, id));
  return row;
}

const moderatedColumns = {
  ...withAuthor,
  authorEmail: users.email,
  stationCode: stations.code,
  stationName: stations.name,
};

/** Reviews waiting for a moderator, oldest first, one page, and how many wait. */
export async function findPendingQueue(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: ModeratedRow[]; total: number }> {
  const where = eq(reviews.status, 'pending');
  const [rows, [counted]] = await Promise.all([
    db
      .select(moderatedColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(stations, eq(stations.id, reviews.stationId))
      .where(where)
      .orderBy(asc(reviews.createdAt), asc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findModerated(db: Db, id: string): Promise<ModeratedRow | undefined> {
  const [row] = await db
    .select(moderatedColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(stations, eq(stations.id, reviews.stationId))
    .where(eq(reviews.id, id));
  return row;
}

/**
 * A moderator's decision on a pending review; false when there is no pending review by that
 * id (another moderator decided first, or its author deleted it).
 */
export async function moderatePending(
  db: Db,
  id: string,
  decision:
    | { status: 'approved'; moderatedBy: string; at: Date }
    | { status: 'deleted'; moderatedBy: string; at: Date; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({
      status: decision.status,
      moderatedBy: decision.moderatedBy,
      moderatedAt: decision.at,
      ...(decision.status === 'deleted'
        ? { deletedBy: 'moderator' as const, deleteReason: decision.reason }
        : {}),
    })
    .where(and(eq(reviews.id, id), eq(reviews.status, 'pending')))
    .returning({ id: reviews.id });
  return rows.length > 0;
}
