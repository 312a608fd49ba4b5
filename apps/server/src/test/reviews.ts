import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import {
  approveFeedback,
  createFeedback,
  listApprovedFeedbacks,
  type moderatedReviewSchema,
  type Review,
  type stationVerdictSchema,
} from '@evcharge/api/feedbacks/feedbacks';
import { reviews } from '../db/schema/social';
import { signedInUser } from './builders';
import type { TestServer } from './harness';
import { addStation, insertTestTariff } from './station-builders';

// Reviews as their tests meet them (modules/feedbacks): a tariff, four people (an author,
// another driver, a moderator, a support agent) and the calls the tests make.

export type Driver = Awaited<ReturnType<typeof signedInUser>>;
export type Verdict = z.infer<typeof stationVerdictSchema>;
export type Approved = { items: Review[]; total: number; mine: Review[]; verdict: Verdict };
export type Moderated = z.infer<typeof moderatedReviewSchema>;

export type ReviewCast = {
  tariffId: string;
  author: Driver;
  other: Driver;
  moderator: Driver;
  support: Driver;
};

/** The cast, made before the file's tests; read it inside them. */
export function reviewCast(server: TestServer): ReviewCast {
  const cast = {} as ReviewCast;
  beforeAll(async () => {
    cast.tariffId = await insertTestTariff(server.db);
    [cast.author, cast.other, cast.moderator, cast.support] = await Promise.all([
      signedInUser(server, { name: 'Marta' }),
      signedInUser(server, { name: 'Oleg' }),
      signedInUser(server, { name: 'Mod', staffRole: 'moderator' }),
      signedInUser(server, { name: 'Sam', staffRole: 'support' }),
    ]);
  });
  return cast;
}

export function reviewCalls(server: TestServer, cast: ReviewCast) {
  const write = (who: Driver, body: Record<string, unknown>) =>
    server.call<Review>(createFeedback, { token: who.token, body });
  return {
    newStation: () => addStation(server, { lat: 55.7, lng: 37.6, tariffId: cast.tariffId }),
    write,
    async written(who: Driver, body: Record<string, unknown>): Promise<Review> {
      const answer = await write(who, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    },
    async approve(id: string) {
      const answer = await server.call<Moderated>(approveFeedback, {
        token: cast.moderator.token,
        params: { id },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
    async approvedOf(stationId: string, who?: Driver, query: Record<string, number> = {}) {
      const answer = await server.call<Approved>(listApprovedFeedbacks, {
        token: who?.token,
        params: { id: stationId },
        query,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    },
    reviewsOfStation: (stationId: string) =>
      server.db.select().from(reviews).where(eq(reviews.stationId, stationId)),
  };
}

export const base64 = (bytes: Buffer) => bytes.toString('base64');

/** A small JPEG that carries a camera's EXIF and a GPS position. */
export async function gpsJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 2100/100' },
    })
    .toBuffer();
}
