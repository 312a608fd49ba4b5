import type { Db } from '../db/client';
import { reviews } from '../db/schema/social';

// SPEC §3 Review/feedback in the demo: approved reviews on a few stations, so a station's page
// shows reviews and its verdict. Short texts in Russian and English, some anonymous, some
// saying charging worked and one that it did not.

type DemoReview = {
  /** Which of the reviewers (demo/accounts.ts reviewerIds) wrote it. */
  by: number;
  text: string;
  isAnonymous?: boolean;
  chargingWorked: boolean | null;
  daysAgo: number;
};

/** Reviews per station, for the first stations the seed hands in. */
export const demoReviews: readonly (readonly DemoReview[])[] = [
  [
    {
      by: 0,
      text: 'Charged from 20 to 80 % in about 35 minutes. Easy to find, next to the café entrance.',
      chargingWorked: true,
      daysAgo: 2,
    },
    {
      by: 1,
      text: 'Зарядилась без проблем, приложение сразу увидело коннектор. Парковка свободная.',
      chargingWorked: true,
      daysAgo: 6,
    },
    {
      by: 2,
      text: 'Вечером обе точки были заняты, ждал минут двадцать. Сама станция работает исправно.',
      isAnonymous: true,
      chargingWorked: null,
      daysAgo: 11,
    },
  ],
  [
    {
      by: 3,
      text: 'Кабель короткий, пришлось парковаться задом. Мощность держала стабильно.',
      chargingWorked: true,
      daysAgo: 3,
    },
    {
      by: 0,
      text: 'The session would not start on the second connector; the first one worked fine.',
      isAnonymous: true,
      chargingWorked: false,
      daysAgo: 9,
    },
  ],
  [
    {
      by: 1,
      text: 'Good lighting at night and a covered spot, which helps in the rain.',
      chargingWorked: true,
      daysAgo: 4,
    },
    {
      by: 2,
      text: 'Удобно: пока заряжалась машина, успела сходить в магазин. Рекомендую.',
      chargingWorked: true,
      daysAgo: 15,
    },
  ],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's approved reviews on `stationIds` (in order), approved by the demo moderator. */
export async function insertDemoReviews(
  db: Db,
  stationIds: readonly string[],
  people: { reviewerIds: readonly string[]; moderatorId: string },
  now = new Date(),
): Promise<void> {
  const rows = demoReviews.flatMap((list, index) => {
    const stationId = stationIds[index];
    if (!stationId) return [];
    return list.map((review) => {
      const createdAt = new Date(now.getTime() - review.daysAgo * DAY_MS);
      return {
        stationId,
        userId: people.reviewerIds[review.by % people.reviewerIds.length] ?? '',
        text: review.text,
        isAnonymous: review.isAnonymous ?? false,
        chargingWorked: review.chargingWorked,
        status: 'approved' as const,
        moderatedBy: people.moderatorId,
        moderatedAt: new Date(createdAt.getTime() + DAY_MS / 4),
        createdAt,
      };
    });
  });
  if (rows.length > 0) await db.insert(reviews).values(rows);
}
