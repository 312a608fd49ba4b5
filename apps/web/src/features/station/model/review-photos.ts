import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TYPES } from '@evcharge/domain/reviews';

// SPEC §5 and §9: a review's photos are JPEG or PNG of at most 500 kB. Checked here before
// anything is sent, so a driver learns at once; the server checks again by the bytes.

export type PhotoProblem = 'IMAGE_TOO_LARGE' | 'IMAGE_TYPE';

/** What is wrong with a chosen file, or null when it may be sent. */
export function photoProblem(file: Pick<File, 'size' | 'type' | 'name'>): PhotoProblem | null {
  const type = file.type || typeFromName(file.name);
  if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(type)) return 'IMAGE_TYPE';
  if (file.size > REVIEW_PHOTO_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/** Some systems give no type for a file: its name's extension says what it claims to be. */
function typeFromName(name: string): string {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'png') return 'image/png';
  return '';
}

/** A file's bytes as base64, without the `data:…;base64,` prefix the API does not take. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
