import {
  listMessages,
  readMessages,
  sendMessage,
  sendMessageFiles,
  subscribeMessages,
  MESSAGE_POLL_SECONDS,
} from '@evcharge/api/messages/messages';
import { apiRequest } from '@/lib/api-client';
import { fetchPrivateFile } from '@/lib/private-file';
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

/** A message's file (images, PDF): GET /messages/file/{id} with the driver's token. */
export function fetchMessageFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return fetchPrivateFile(url, { signal });
}
