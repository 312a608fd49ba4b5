import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnFeedback } from '@evcharge/api/feedbacks/feedbacks';
import { chargingSessions } from '../../db/schema/charging';
import { withTestServer } from '../../test/hooks';
import { base64, gpsJpeg, reviewCalls, reviewCast, type Driver } from '../../test/reviews';

// SPEC §3 Review/feedback, §5/§9 images: a review waits for a moderator; its photos are JPEG
// or PNG of at most 500 kB, checked by content and drawn again without their metadata.

const server = withTestServer();
const cast = reviewCast(server);
const { newStation, write, written, approve, reviewsOfStation } = reviewCalls(server, cast);
let author: Driver;
let other: Driver;
let moderator: Driver;
let support: Driver;
let tariffId: string;
beforeAll(() => {
  ({ author, other, moderator, support, tariffId } = cast);
});

describe('writing a review', () => {
  it('stores a pending review, known to have charged here after a session of ours', async () => {
    const station = await newStation();
    await server.db.insert(chargingSessions).values({
      userId: author.id,
      connectorId: station.connectorIds[0]!,
      tariffId,
      status: 'success',
      currency: 'rub',
      energyWh: 12_000,
      stoppedAt: new Date(),
    });
    const mine = await written(author, {
      stationId: station.id,
      text: '  Charged to 80 % in 40 minutes  ',
      chargingWorked: true,
    });
    expect(mine).toMatchObject({
      stationId: station.id,
      authorName: 'Marta',
      text: 'Charged to 80 % in 40 minutes',
      status: 'pending',
      chargedHere: true,
      chargingWorked: true,
      isMine: true,
      photos: [],
    });
    const theirs = await written(other, { stationId: station.id, text: 'Busy', isAnonymous: true });
    expect(theirs).toMatchObject({ chargedHere: false, authorName: null, chargingWorked: null });
  });

  it('answers NOT_FOUND for a station that does not exist, and stores nothing', async () => {
    const answer = await write(author, {
      stationId: '00000000-0000-4000-8000-000000000000',
      text: 'Nowhere',
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses a 501 kB photo with IMAGE_TOO_LARGE and stores nothing, the good photo neither', async () => {
    const station = await newStation();
    const big = Buffer.alloc(501 * 1024, 0x20);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const answer = await write(author, {
      stationId: station.id,
      text: 'Too big',
      photos: [base64(await gpsJpeg()), base64(big)],
    });
    expect(answer).toMatchObject({
      status: 413,
      body: { code: 'IMAGE_TOO_LARGE', details: { index: 1 } },
    });
    expect(await reviewsOfStation(station.id)).toEqual([]);
  });

  it('takes a body of three near-limit photos (over the app’s 1 MB) to judge each', async () => {
    const station = await newStation();
    const big = Buffer.alloc(501 * 1024, 0x20);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const answer = await write(author, {
      stationId: station.id,
      text: 'Three',
      photos: [base64(big), base64(big), base64(big)],
    });
    expect(answer).toMatchObject({ status: 413, body: { code: 'IMAGE_TOO_LARGE' } });
  });

  it('refuses a PDF sent as a photo with IMAGE_TYPE, whatever the data URL says', async () => {
    const station = await newStation();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    for (const photo of [base64(pdf), `data:image/jpeg;base64,${base64(pdf)}`]) {
      const answer = await write(author, {
        stationId: station.id,
        text: 'Receipt',
        photos: [photo],
      });
      expect(answer).toMatchObject({
        status: 415,
        body: { code: 'IMAGE_TYPE', details: { index: 0 } },
      });
    }
    expect(await reviewsOfStation(station.id)).toEqual([]);
  });

  it('serves a photo without the EXIF (and GPS) it was sent with', async () => {
    const station = await newStation();
    const sent = await gpsJpeg();
    const sentMeta = await sharp(sent).metadata();
    expect(sentMeta.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const png = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const review = await written(author, {
      stationId: station.id,
      text: 'With photos',
      photos: [`data:image/jpeg;base64,${base64(sent)}`, base64(png)],
    });
    expect(review.photos).toMatchObject([
      { width: 64, height: 48 },
      { width: 30, height: 20 },
    ]);
    await approve(review.id);
    const [jpegPhoto, pngPhoto] = review.photos;
    const answer = await server.fetch(jpegPhoto!.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400, immutable');
    const served = Buffer.from(await answer.arrayBuffer());
    const servedMeta = await sharp(served).metadata();
    expect(servedMeta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(servedMeta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const pngAnswer = await server.fetch(pngPhoto!.url);
    expect(pngAnswer.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await pngAnswer.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('shows a pending review’s photo to its author and moderators only, kept by no cache', async () => {
    const station = await newStation();
    const review = await written(author, {
      stationId: station.id,
      text: 'Pending photo',
      photos: [base64(await gpsJpeg())],
    });
    const url = review.photos[0]!.url;
    const as = (who?: Driver) =>
      server.fetch(url, who ? { headers: { authorization: `Bearer ${who.token}` } } : {});
    for (const who of [author, moderator]) {
      const answer = await as(who);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
    for (const who of [undefined, other, support]) {
      const answer = await as(who);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toContain('no-store');
    }
    await server.call(deleteOwnFeedback, { token: author.token, params: { id: review.id } });
    expect((await as(author)).status).toBe(404);
    expect((await server.fetch('/api/feedbacks/photo/not-a-uuid')).status).toBe(400);
  });
});
