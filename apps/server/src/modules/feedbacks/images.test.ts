import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '@evcharge/domain/errors';
import { REVIEW_PHOTO_MAX_BYTES } from '@evcharge/domain/reviews';
import {
  checkPhoto,
  decodeBase64Photo,
  PHOTO_MAX_SIDE_PX,
  reencodePhoto,
  sniffPhotoType,
} from './images';

// SPEC §5 and §9: review photos are JPEG or PNG of at most 500 kB, known by their bytes.

const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

function refusal(run: () => unknown): { code: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe('decodeBase64Photo', () => {
  it('reads plain base64 and a data URL, whatever type the URL declares', () => {
    expect(decodeBase64Photo(jpegBytes.toString('base64'))).toEqual(jpegBytes);
    expect(decodeBase64Photo(`data:application/pdf;base64,${pngBytes.toString('base64')}`)).toEqual(
      pngBytes,
    );
  });

  it('refuses what is not base64', () => {
    expect(decodeBase64Photo('')).toBeNull();
    expect(decodeBase64Photo('not base64!')).toBeNull();
    expect(decodeBase64Photo('abcde')).toBeNull();
  });
});

describe('sniffPhotoType', () => {
  it('knows JPEG and PNG by their first bytes, and nothing else', () => {
    expect(sniffPhotoType(jpegBytes)).toBe('image/jpeg');
    expect(sniffPhotoType(pngBytes)).toBe('image/png');
    expect(sniffPhotoType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffPhotoType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffPhotoType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('checkPhoto', () => {
  it('lets 500 kB through and refuses one byte more, with the photo’s index', () => {
    const limit = Buffer.concat([
      jpegBytes,
      Buffer.alloc(REVIEW_PHOTO_MAX_BYTES - jpegBytes.length),
    ]);
    expect(checkPhoto(limit.toString('base64'), 0).type).toBe('image/jpeg');
    const over = Buffer.concat([limit, Buffer.from([0])]);
    expect(refusal(() => checkPhoto(over.toString('base64'), 2))).toEqual({
      code: 'IMAGE_TOO_LARGE',
      details: { index: 2 },
    });
  });

  it('refuses a PDF and text as IMAGE_TYPE', () => {
    expect(refusal(() => checkPhoto(Buffer.from('%PDF-1.4\n%âãÏÓ').toString('base64'), 1))).toEqual(
      { code: 'IMAGE_TYPE', details: { index: 1 } },
    );
    expect(refusal(() => checkPhoto('***', 0)).code).toBe('IMAGE_TYPE');
  });
});

describe('reencodePhoto', () => {
  it('refuses bytes that start like a PNG but are not one', async () => {
    await expect(reencodePhoto(pngBytes, 'image/png', 0)).rejects.toMatchObject({
      code: 'IMAGE_TYPE',
    });
  });

  it('refuses a JPEG that claims to be a PNG', async () => {
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer();
    await expect(reencodePhoto(jpeg, 'image/png', 0)).rejects.toMatchObject({ code: 'IMAGE_TYPE' });
  });

  it('turns a photo upright by its EXIF orientation and caps its longest side', async () => {
    const tall = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#2a6' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = await reencodePhoto(tall, 'image/jpeg', 0);
    expect(photo).toMatchObject({
      contentType: 'image/jpeg',
      width: 800,
      height: PHOTO_MAX_SIDE_PX,
    });
    const stored = await sharp(photo.data).metadata();
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
  });

  it('makes a JPEG of a PNG that is over 500 kB once drawn again', async () => {
    // Two-colour noise as a 1-bit palette PNG: small as sent, about twice 500 kB in full colour.
    const side = 1500;
    const raw = Buffer.alloc(side * side * 3);
    let seed = 7;
    for (let i = 0; i < side * side; i++) {
      // xorshift32: the same noise on every run.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      raw.fill(seed & 1 ? 255 : 0, i * 3, i * 3 + 3);
    }
    const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png({ palette: true, colours: 2, dither: 0, compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThanOrEqual(REVIEW_PHOTO_MAX_BYTES);
    const photo = await reencodePhoto(png, 'image/png', 0);
    expect(photo.contentType).toBe('image/jpeg');
    expect(photo.data.length).toBeLessThanOrEqual(REVIEW_PHOTO_MAX_BYTES);
    expect((await sharp(photo.data).metadata()).format).toBe('jpeg');
  }, 30_000);
});
