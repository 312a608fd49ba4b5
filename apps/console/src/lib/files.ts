import { useEffect, useState } from 'react';
import { MESSAGE_FILE_MAX_BYTES, MESSAGE_FILES_MAX, sniffMessageFile } from '@evcharge/domain/support';
import { authHeaders } from './api';

/**
 * A protected file (review photos, chat files) as a blob: URL: the server answers them only
 * with the Authorization header, which an <img src> cannot send.
 */
export function useAuthedUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({
    url: null,
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(url, { headers: authHeaders(), credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url, src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}

/** Opens a protected file in a new tab (a PDF, a full-size image). */
export async function openAuthed(url: string): Promise<void> {
  const opened = window.open('', '_blank');
  const response = await fetch(url, { headers: authHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    opened?.close();
    throw new Error(`HTTP ${response.status}`);
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = objectUrl;
  else window.location.assign(objectUrl);
  // The tab has its own reference by then; free ours a minute later.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}

export type PickedFile = { name: string; data: string; sizeBytes: number; type: string };
export type FileProblem = 'FILE_TOO_LARGE' | 'FILE_TYPE' | 'TOO_MANY_FILES';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

async function bytesOf(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(file);
    }),
  );
}

/**
 * SPEC §5 and §9: images (JPEG, PNG) and PDF of at most 500 kB, up to 3; the type is told by
 * the content, as the server tells it (domain/support `sniffMessageFile`).
 */
export async function pickFiles(
  already: number,
  files: readonly File[],
): Promise<{ picked: PickedFile[]; problem: FileProblem | null }> {
  const picked: PickedFile[] = [];
  let problem: FileProblem | null = null;
  for (const file of files) {
    if (already + picked.length >= MESSAGE_FILES_MAX) {
      problem = 'TOO_MANY_FILES';
      break;
    }
    if (file.size > MESSAGE_FILE_MAX_BYTES) {
      problem = 'FILE_TOO_LARGE';
      continue;
    }
    const bytes = await bytesOf(file);
    const type = sniffMessageFile(bytes);
    if (!type) {
      problem = 'FILE_TYPE';
      continue;
    }
    picked.push({ name: file.name, data: toBase64(bytes), sizeBytes: file.size, type });
  }
  return { picked, problem };
}
