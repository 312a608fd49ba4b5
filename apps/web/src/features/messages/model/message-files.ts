import {
  MESSAGE_FILE_MAX_BYTES,
  MESSAGE_FILE_TYPES,
  MESSAGE_FILES_MAX,
} from '@evcharge/domain/support';
import { formatNumber } from '@/lib/format';

// SPEC §3 Message, §9 uploads: images (JPEG, PNG) and PDF, at most MESSAGE_FILES_MAX of at most
// 500 kB each. Checked here as they are chosen, so the driver learns at once; the server checks
// again by the bytes (FILE_TOO_LARGE, FILE_TYPE).

export type FileProblem = 'FILE_TOO_LARGE' | 'FILE_TYPE';

/** Some systems give no type for a file: its name's extension says what it claims to be. */
function typeFromName(name: string): string {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'png') return 'image/png';
  if (extension === 'pdf') return 'application/pdf';
  return '';
}

export function fileTypeOf(file: Pick<File, 'type' | 'name'>): string {
  return file.type || typeFromName(file.name);
}

/** What is wrong with a chosen file, or null when it may be sent. */
export function fileProblem(file: Pick<File, 'size' | 'type' | 'name'>): FileProblem | null {
  if (!(MESSAGE_FILE_TYPES as readonly string[]).includes(fileTypeOf(file))) return 'FILE_TYPE';
  if (file.size > MESSAGE_FILE_MAX_BYTES) return 'FILE_TOO_LARGE';
  return null;
}

export type FileChoice<F> = { accepted: F[]; refused: { file: F; problem: FileProblem | 'TOO_MANY' }[] };

/** The files that may join the ones already attached, and why the others may not. */
export function chooseFiles<F extends Pick<File, 'size' | 'type' | 'name'>>(attached: number, chosen: readonly F[]): FileChoice<F> {
  const accepted: F[] = [];
  const refused: FileChoice<F>['refused'] = [];
  for (const file of chosen) {
    const problem = fileProblem(file);
    if (problem) refused.push({ file, problem });
    else if (attached + accepted.length >= MESSAGE_FILES_MAX) refused.push({ file, problem: 'TOO_MANY' });
    else accepted.push(file);
  }
  return { accepted, refused };
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

/** A size as the chip shows it: "340 kB", "1.2 MB" (units are the same in every language). */
export function fileSizeText(bytes: number, language: string): string {
  const format = (value: number, digits: number) => formatNumber(value, language, { maximumFractionDigits: digits });
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} kB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
