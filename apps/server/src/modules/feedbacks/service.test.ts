import { describe, expect, it } from 'vitest';
import type { ReviewWithAuthor } from './repo';
import { photosByReview, tally, toReview } from './service';

// SPEC §3 Review/feedback: what a review shows of its author, and the station's verdict.

const row: ReviewWithAuthor = {
  id: 'r1',
  stationId: 's1',
  userId: 'u1',
  text: 'Charged fine',
  rating: null,
  isAnonymous: false,
  chargingWorked: true,
  chargedHere: true,
  status: 'approved',
  deletedBy: null,
  deleteReason: null,
  moderatedBy: null,
  moderatedAt: null,
  createdAt: new Date('2026-05-01T10:00:00Z'),
  authorName: 'Marta',
};

describe('toReview', () => {
  it('names the author unless the review is anonymous, and marks the caller’s own', () => {
    expect(toReview(row, [], 'u1')).toMatchObject({
      authorName: 'Marta',
      isMine: true,
      createdAt: '2026-05-01T10:00:00.000Z',
    });
    expect(toReview({ ...row, isAnonymous: true }, [], 'u2')).toMatchObject({
      authorName: null,
      isAnonymous: true,
      isMine: false,
    });
    expect(toReview(row, [], null).isMine).toBe(false);
  });
});

describe('photosByReview', () => {
  it('groups photos by review in their order, with the photo route as the url', () => {
    const grouped = photosByReview([
      { id: 'p1', reviewId: 'r1', width: 10, height: 20 },
      { id: 'p2', reviewId: 'r2', width: 30, height: 40 },
      { id: 'p3', reviewId: 'r1', width: 50, height: 60 },
    ]);
    expect(grouped.get('r1')?.map((p) => p.url)).toEqual([
      '/api/feedbacks/photo/p1',
      '/api/feedbacks/photo/p3',
    ]);
    expect(grouped.get('r2')).toEqual([
      { id: 'p2', url: '/api/feedbacks/photo/p2', width: 30, height: 40 },
    ]);
  });
});

describe('tally', () => {
  it('counts what the latest reviews said', () => {
    expect(tally([])).toEqual({ recentWorked: 0, recentNotWorked: 0 });
    expect(tally([true, false, true, true])).toEqual({ recentWorked: 3, recentNotWorked: 1 });
  });
});
