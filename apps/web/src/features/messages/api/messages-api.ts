import {
  listMessages,
  readMessages,
  sendMessage,
  sendMessageFiles,
  subscribeMessages,
  MESSAGE_POLL_SECONDS,
} from '@evcharge/api/messages/messages';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { toApiError } from '@/lib/error-answer';
import { clearSession, getAccessToken } from '@/lib/session';
import { userQueryKey } from '@/lib/query-client';

// SPEC §7 Messages: the driver's conversation with support. GET /messages (a page before a
// seq), GET /messages/subscribe/{cursor} (long poll), POST /messages and /messages/files,
// PUT /messages/read; GET /messages/file/{id} answers the file itself, with the bearer token.

export const messagesQueryKey = [...userQueryKey, 'messages', 'conversation'] as const;

/** A page of the conversation; without `before`, the newest. */
export function fetchMessagesPage(before: number | undefined, signal?: AbortSignal) {
  return apiRequest(listMessages, { query: before === undefined ? {} : { before }, signal });
}

/** The long poll holds MESSAGE_POLL_SECONDS: the request may take that long and a bit more. */
const POLL_TIMEOUT_MS = (MESSAGE_POLL_SECONDS + 10) * 1000;

export function fetchMessagesAfter(cursor: number, readUpTo: number, signal: AbortSignal) {
  return apiRequest(subscribeMessages, {
    params: { id: cursor },
    query: { read: readUpTo },
    signal,
    timeoutMs: POLL_TIMEOUT_MS,
  });
}

export type Outgoing = {
  text: string;
  kind: 'message' | 'feedback';
  transactionId?: number;
  /** Chosen files, already read as base64. */
  files: { name: string; data: string }[];
};

export function postMessage(outgoing: Outgoing) {
  const { text, kind, transactionId, files } = outgoing;
  const session = transactionId === undefined ? {} : { transactionId };
  return files.length > 0
    ? apiRequest(sendMessageFiles, { body: { text, kind, files, ...session } })
    : apiRequest(sendMessage, { body: { text, kind, ...session } });
}

export function markMessagesRead(upTo: number) {
  return apiRequest(readMessages, { body: { upTo } });
}

/**
 * A file of the conversation (its `url`, GET /api/messages/file/{id}) as a Blob: an <img> or a
 * link could not send the Authorization header, so it is fetched here and shown by object URL.
 */
export async function fetchMessageFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
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
