import { useEffect, useState } from 'react';
import { ApiError } from './api-error';
import { toApiError } from './error-answer';
import { clearSession, getAccessToken } from './session';

// Files only their owner (and staff) may have — a pending review's photos, the chat's files, a
// receipt's PDF — answer to the access token, which an <img src> or a link cannot send. They
// are fetched with it and shown or saved from a blob URL, released when no longer needed.

/** GET `url` with the driver's token: the file, or the ApiError of the refusal. */
export async function fetchPrivateFile(url: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (options.accept) headers.Accept = options.accept;
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin', signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    if (response.status === 401) clearSession();
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not our JSON: the status alone says what kind of failure it was.
    }
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return response.blob();
}

/** Hands a file to the browser as a download under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches `url` with the driver's token; the blob's URL, or null while loading or on failure. */
export function usePrivateFileUrl(url: string | null): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    fetchPrivateFile(url, { signal: controller.signal }).then(
      (blob) => {
        created = URL.createObjectURL(blob);
        setBlobUrl(created);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setBlobUrl(null);
    };
  }, [url]);
  return blobUrl;
}
