import type { OutputInfo, Sharp, SharpInput, SharpOptions } from 'sharp';
import { AppError } from '@evcharge/domain/errors';
import { REVIEW_PHOTO_MAX_BYTES } from '@evcharge/domain/reviews';

// SPEC §5 and §9: a review's photos are JPEG or PNG of at most 500 kB. The type is read from
// the bytes (never a name or a declared type), and every photo is drawn again by sharp: turned
// upright by its EXIF orientation, its metadata (EXIF with GPS, XMP, IPTC, ICC) left behind,
// its longest side at most PHOTO_MAX_SIDE_PX.

export type PhotoType = 'image/jpeg' | 'image/png';

export type PreparedPhoto = {
  contentType: PhotoType;
  data: Buffer;
  width: number;
  height: number;
};

/** The longest side of a stored photo: enough for a phone screen at 3x, small to send. */
export const PHOTO_MAX_SIDE_PX = 1600;
/** A photo larger than this many pixels is not decoded at all (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The qualities tried, in turn, when a re-encoded photo is still over the limit. */
const FALLBACK_JPEG_QUALITIES = [70, 50, 30] as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// A browser's FileReader gives a data URL; its declared type is ignored like a file name.
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/** The photo's bytes; null when the text is not base64 at all. */
export function decodeBase64Photo(text: string): Buffer | null {
  const body = text.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 === 1 || !BASE64.test(body)) return null;
  return Buffer.from(body, 'base64');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG (SOI marker FF D8 FF) or PNG (its 8-byte signature) by the leading bytes; else null. */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    return 'image/png';
  return null;
}

const sharpFormat = { 'image/jpeg': 'jpeg', 'image/png': 'png' } as const;

/**
 * The bytes of a photo, checked without decoding it: IMAGE_TOO_LARGE over 500 kB, IMAGE_TYPE
 * when it is not base64 or does not start as a JPEG or PNG does. `index` is its place in the
 * review, for the error's details.
 */
export function checkPhoto(text: string, index: number): { bytes: Buffer; type: PhotoType } {
  const bytes = decodeBase64Photo(text);
  if (!bytes) throw new AppError('IMAGE_TYPE', { details: { index } });
  if (bytes.length > REVIEW_PHOTO_MAX_BYTES)
    throw new AppError('IMAGE_TOO_LARGE', { details: { index } });
  const type = sniffPhotoType(bytes);
  if (!type) throw new AppError('IMAGE_TYPE', { details: { index } });
  return { bytes, type };
}

let sharpModule: Promise<(input: SharpInput, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp, loaded at the first photo rather than at start: its native library and bindings are
 * tens of megabytes of a process that mostly never sees a photo.
 */
function loadSharp() {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

async function encode(
  bytes: Buffer,
  type: PhotoType,
  jpegQuality: number,
): Promise<{ data: Buffer; info: OutputInfo }> {
  const sharp = await loadSharp();
  // No withMetadata/keepMetadata: sharp writes none of the input's metadata.
  const upright = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({
      width: PHOTO_MAX_SIDE_PX,
      height: PHOTO_MAX_SIDE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const encoded =
    type === 'image/png'
      ? upright.png({ compressionLevel: 9, adaptiveFiltering: true })
      : upright.flatten({ background: '#ffffff' }).jpeg({ quality: jpegQuality, mozjpeg: true });
  return encoded.toBuffer({ resolveWithObject: true });
}

/**
 * A checked photo drawn again (see the top of the file). JPEG stays JPEG and PNG stays PNG;
 * one that is still over 500 kB afterwards becomes a JPEG of lower quality. IMAGE_TYPE when
 * sharp cannot read it as the type its bytes claim.
 */
export async function reencodePhoto(
  bytes: Buffer,
  type: PhotoType,
  index: number,
): Promise<PreparedPhoto> {
  let format: string | undefined;
  try {
    const sharp = await loadSharp();
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new AppError('IMAGE_TYPE', { details: { index } });
  }
  if (format !== sharpFormat[type]) throw new AppError('IMAGE_TYPE', { details: { index } });
  let contentType = type;
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await encode(bytes, type, 82);
    for (const quality of FALLBACK_JPEG_QUALITIES) {
      if (out.data.length <= REVIEW_PHOTO_MAX_BYTES) break;
      contentType = 'image/jpeg';
      out = await encode(bytes, contentType, quality);
    }
  } catch {
    // A truncated or corrupt image that only fails once decoded.
    throw new AppError('IMAGE_TYPE', { details: { index } });
  }
  if (out.data.length > REVIEW_PHOTO_MAX_BYTES)
    throw new AppError('IMAGE_TOO_LARGE', { details: { index } });
  return { contentType, data: out.data, width: out.info.width, height: out.info.height };
}

/**
 * All of a review's photos, or the first refusal: every photo is checked before any is decoded,
 * and nothing is stored unless all of them pass.
 */
export async function preparePhotos(texts: readonly string[]): Promise<PreparedPhoto[]> {
  const checked = texts.map((text, index) => checkPhoto(text, index));
  const prepared: PreparedPhoto[] = [];
  // One at a time: decoding is the costly part and the machine's cores are shared.
  for (const [index, photo] of checked.entries())
    prepared.push(await reencodePhoto(photo.bytes, photo.type, index));
  return prepared;
}
