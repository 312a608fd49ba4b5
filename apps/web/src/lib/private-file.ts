import { useEffect, useState } from 'react';
import { getAccessToken } from './session';

// Files only their owner (and staff) may see — a pending review's photos, the chat's files —
// answer to the access token, which an <img src> cannot send. They are fetched with it and
// shown from a blob URL, released when no longer shown.

/** Fetches `url` with the driver's token; the blob's URL, or null while loading or on failure. */
export function usePrivateFileUrl(url: string | null): string | null {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    const token = getAccessToken();
    void fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        created = URL.createObjectURL(await response.blob());
        setBlobUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setBlobUrl(null);
    };
  }, [url]);
  return blobUrl;
}
