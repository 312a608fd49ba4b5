import { AppError } from '@evcharge/domain/errors';
import {
  MESSAGE_FILE_MAX_BYTES,
  sniffMessageFile,
  type MessageFileType,
} from '@evcharge/domain/support';
import { decodeBase64Photo, reencodePhoto } from '../feedbacks';
import type { NewFile } from './repo';

// SPEC §3 Message files, §9 uploads: JPEG, PNG or PDF of at most 500 kB each. The type is told
// by the bytes (a PDF named .png is a PDF; anything else is refused), images are drawn again
// without their metadata (EXIF with GPS) as review photos are, and PDFs are kept as they came.

const extensions: Record<MessageFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The name as sent, its extension made to say what the file really is. */
export function fileNameFor(name: string, type: MessageFileType): string {
  const base = name.trim().replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'file';
  return `${base}.${extensions[type]}`;
}

/** The re-encoder's refusals in the chat's own words (FILE_*, with the file's index). */
function asFileError(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'IMAGE_TOO_LARGE')
    return new AppError('FILE_TOO_LARGE', { details: { index } });
  if (error.code === 'IMAGE_TYPE') return new AppError('FILE_TYPE', { details: { index } });
  return error;
}

/**
 * Every file checked (base64, size, type by content) before any is decoded as an image, then
 * the images re-encoded one at a time; the first refusal refuses them all, so nothing is kept.
 */
export async function prepareFiles(
  uploads: readonly { name: string; data: string }[],
): Promise<NewFile[]> {
  const checked = uploads.map((upload, index) => {
    const bytes = decodeBase64Photo(upload.data);
    if (!bytes) throw new AppError('FILE_TYPE', { details: { index } });
    if (bytes.length > MESSAGE_FILE_MAX_BYTES)
      throw new AppError('FILE_TOO_LARGE', { details: { index } });
    const type = sniffMessageFile(bytes);
    if (!type) throw new AppError('FILE_TYPE', { details: { index } });
    return { name: upload.name, bytes, type };
  });
  const prepared: NewFile[] = [];
  for (const [index, file] of checked.entries()) {
    if (file.type === 'application/pdf') {
      prepared.push({
        fileName: fileNameFor(file.name, file.type),
        contentType: file.type,
        data: file.bytes,
        width: null,
        height: null,
      });
      continue;
    }
    const image = await reencodePhoto(file.bytes, file.type, index).catch((error: unknown) => {
      throw asFileError(error, index);
    });
    prepared.push({
      fileName: fileNameFor(file.name, image.contentType),
      contentType: image.contentType,
      data: image.data,
      width: image.width,
      height: image.height,
    });
  }
  return prepared;
}
