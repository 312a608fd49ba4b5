import { beforeAll, describe, expect, it } from 'vitest';
import {
  approveFeedback,
  deleteOwnFeedback,
  listApprovedFeedbacks,
  listPendingFeedbacks,
  rejectFeedback,
} from '@evcharge/api/feedbacks/feedbacks';
import { chargingSessions } from '../../db/schema/charging';
import { reviewPhotos, reviews } from '../../db/schema/social';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import {
  base64,
  gpsJpeg,
  reviewCalls,
  reviewCast,
  type Driver,
  type Moderated,
} from '../../test/reviews';

// SPEC §3 Review/feedback, §7 Feedbacks: a review shows once approved and never once deleted;
// only moderators and admins see the queue; the verdict tells whether a station really works.

const server = withTestServer();
const cast = reviewCast(server);
const { newStation, write, written, approve, approvedOf, reviewsOfStation } = reviewCalls(
  server,
  cast,
);
let author: Driver;
let other: Driver;
let moderator: Driver;
let support: Driver;
let tariffId: string;
beforeAll(() => {
  ({ author, other, moderator, support, tariffId } = cast);
});

describe('moderation states', () => {
  it('shows a review publicly only once approved, and never once deleted', async () => {
    const station = await newStation();
    const review = await written(author, { stationId: station.id, text: 'Fast and free' });

    const guest = await approvedOf(station.id);
    expect(guest).toMatchObject({ items: [], total: 0, mine: [] });
    expect((await approvedOf(station.id, author)).mine.map((r) => r.id)).toEqual([review.id]);
    expect((await approvedOf(station.id, other)).mine).toEqual([]);

    const approved = await approve(review.id);
    expect(approved).toMatchObject({
      status: 'approved',
      station: { id: station.id, code: station.code },
      author: { id: author.id, name: 'Marta', email: author.email },
    });
    const [row] = await reviewsOfStation(station.id);
    expect(row).toMatchObject({ moderatedBy: moderator.id, status: 'approved' });
    expect(row?.moderatedAt).toBeInstanceOf(Date);

    const seen = await approvedOf(station.id, other);
    expect(seen).toMatchObject({ total: 1, mine: [] });
    expect(seen.items).toMatchObject([{ id: review.id, authorName: 'Marta', isMine: false }]);
    expect((await approvedOf(station.id, author)).items[0]?.isMine).toBe(true);

    // Another driver cannot delete it; its author can, and then it is gone.
    expect(
      (await server.call(deleteOwnFeedback, { token: other.token, params: { id: review.id } }))
        .status,
    ).toBe(404);
    expect((await approvedOf(station.id)).total).toBe(1);
    expect(
      (await server.call(deleteOwnFeedback, { token: author.token, params: { id: review.id } }))
        .status,
    ).toBe(200);
    expect(await approvedOf(station.id, author)).toMatchObject({ items: [], total: 0, mine: [] });
    expect((await reviewsOfStation(station.id))[0]).toMatchObject({
      status: 'deleted',
      deletedBy: 'author',
    });
    expect(
      (await server.call(deleteOwnFeedback, { token: author.token, params: { id: review.id } }))
        .status,
    ).toBe(404);
  });

  it('lets the author delete their pending review, which leaves the queue', async () => {
    const station = await newStation();
    const review = await written(author, { stationId: station.id, text: 'Changed my mind' });
    await server.call(deleteOwnFeedback, { token: author.token, params: { id: review.id } });
    expect((await approvedOf(station.id, author)).mine).toEqual([]);
    const answer = await server.call(approveFeedback, {
      token: moderator.token,
      params: { id: review.id },
    });
    expect(answer.status).toBe(404);
  });

  it('pages approved reviews newest first', async () => {
    const station = await newStation();
    const ids: string[] = [];
    for (const text of ['first', 'second', 'third']) {
      const review = await written(other, { stationId: station.id, text });
      await approve(review.id);
      ids.push(review.id);
    }
    const first = await approvedOf(station.id, undefined, { page: 1, pageSize: 2 });
    const second = await approvedOf(station.id, undefined, { page: 2, pageSize: 2 });
    expect(first.total).toBe(3);
    expect([...first.items, ...second.items].map((r) => r.text)).toEqual([
      'third',
      'second',
      'first',
    ]);
  });
});

describe('the verdict', () => {
  it('tells the last good session here and what the latest 10 reviews that said tell', async () => {
    const station = await newStation();
    const [connectorId] = station.connectorIds;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const session = (values: Partial<typeof chargingSessions.$inferInsert>) => ({
      userId: other.id,
      connectorId: connectorId!,
      tariffId,
      currency: 'rub' as const,
      ...values,
    });
    expect((await approvedOf(station.id)).verdict).toEqual({
      lastChargedAt: null,
      recentWorked: 0,
      recentNotWorked: 0,
    });
    const good = at(90);
    await server.db
      .insert(chargingSessions)
      .values([
        session({ status: 'success', energyWh: 5_000, stoppedAt: at(300) }),
        session({ status: 'success', energyWh: 8_000, stoppedAt: good }),
        session({ status: 'success', energyWh: 0, stoppedAt: at(30) }),
        session({ status: 'cancelled', energyWh: 2_000, stoppedAt: at(10) }),
      ]);

    // Oldest first: two that said no (older than the latest 10 that said), then 8 yes and
    // 2 no among 3 that did not say; pending and deleted ones count for nothing.
    const said: (boolean | null)[] = [
      false,
      false,
      true,
      true,
      null,
      true,
      true,
      false,
      null,
      true,
      true,
      null,
      true,
      false,
      true,
    ];
    await server.db.insert(reviews).values(
      said.map((chargingWorked, i) => ({
        stationId: station.id,
        userId: other.id,
        text: `Review ${i}`,
        chargingWorked,
        status: 'approved' as const,
        createdAt: at(1000 - i),
      })),
    );
    await server.db.insert(reviews).values([
      {
        stationId: station.id,
        userId: other.id,
        text: 'p',
        chargingWorked: false,
        createdAt: at(1),
      },
      {
        stationId: station.id,
        userId: other.id,
        text: 'd',
        chargingWorked: false,
        status: 'deleted',
        createdAt: at(1),
      },
    ]);
    const { verdict, total } = await approvedOf(station.id);
    expect(total).toBe(said.length);
    expect(verdict).toEqual({
      lastChargedAt: good.toISOString(),
      recentWorked: 8,
      recentNotWorked: 2,
    });
  });

  it('answers NOT_FOUND for a station that does not exist', async () => {
    const answer = await server.call(listApprovedFeedbacks, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(answer.status).toBe(404);
  });
});

describe('who may moderate', () => {
  it('answers 404 to a driver and a support agent on every moderation endpoint; nothing changes', async () => {
    const station = await newStation();
    const review = await written(author, { stationId: station.id, text: 'Waiting' });
    for (const who of [author, other, support]) {
      const list = await server.call(listPendingFeedbacks, { token: who.token });
      expect(list).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      const approved = await server.call(approveFeedback, {
        token: who.token,
        params: { id: review.id },
      });
      expect(approved).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      const rejected = await server.call(rejectFeedback, {
        token: who.token,
        params: { id: review.id },
        body: { reason: 'Spam' },
      });
      expect(rejected).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await server.call(listPendingFeedbacks, {})).status).toBe(401);
    const [row] = await reviewsOfStation(station.id);
    expect(row).toMatchObject({ status: 'pending', moderatedBy: null, deleteReason: null });

    // An administrator may moderate as a moderator does.
    const admin = await signedInUser(server, { name: 'Ada', staffRole: 'admin' });
    expect((await server.call(listPendingFeedbacks, { token: admin.token })).status).toBe(200);
    const approved = await server.call<Moderated>(approveFeedback, {
      token: admin.token,
      params: { id: review.id },
    });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved' } });
  });

  it('gives a moderator the queue oldest first, with station and author', async () => {
    const station = await newStation();
    const first = await written(author, {
      stationId: station.id,
      text: 'Older',
      isAnonymous: true,
    });
    const second = await written(other, { stationId: station.id, text: 'Newer' });
    const queue: Moderated[] = [];
    for (let page = 1; ; page++) {
      const answer = await server.call<{ items: Moderated[]; total: number }>(
        listPendingFeedbacks,
        { token: moderator.token, query: { page } },
      );
      expect(answer.status).toBe(200);
      queue.push(...answer.body.items);
      if (answer.body.items.length === 0 || queue.length >= answer.body.total) break;
    }
    const ours = queue.filter((r) => r.stationId === station.id);
    expect(ours.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(ours[0]).toMatchObject({
      authorName: null,
      author: { id: author.id, name: 'Marta', email: author.email },
      station: { id: station.id, code: station.code },
    });
    const created = queue.map((r) => Date.parse(r.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('lets a moderator delete a pending review with a reason its author sees', async () => {
    const station = await newStation();
    const review = await written(author, { stationId: station.id, text: 'Buy cheap tyres here' });
    const answer = await server.call<Moderated>(rejectFeedback, {
      token: moderator.token,
      params: { id: review.id },
      body: { reason: ' Advertising ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'deleted', deleteReason: 'Advertising' });
    expect((await reviewsOfStation(station.id))[0]).toMatchObject({
      status: 'deleted',
      deletedBy: 'moderator',
      deleteReason: 'Advertising',
      moderatedBy: moderator.id,
    });
    expect(await approvedOf(station.id, author)).toMatchObject({ items: [], mine: [] });
    // Decided once: approving or deleting it again finds no pending review.
    expect(
      (await server.call(approveFeedback, { token: moderator.token, params: { id: review.id } }))
        .status,
    ).toBe(404);
  });

  it('stores neither the review nor its good photo when a later photo is refused', async () => {
    const station = await newStation();
    const before = await server.db.select({ id: reviewPhotos.id }).from(reviewPhotos);
    const answer = await write(author, {
      stationId: station.id,
      text: 'Half good',
      photos: [base64(await gpsJpeg()), base64(Buffer.from('GIF89a....'))],
    });
    expect(answer).toMatchObject({ status: 415, body: { details: { index: 1 } } });
    expect(await server.db.select({ id: reviewPhotos.id }).from(reviewPhotos)).toHaveLength(
      before.length,
    );
  });
});
