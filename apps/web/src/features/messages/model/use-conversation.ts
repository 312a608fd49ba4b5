import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@evcharge/api/messages/messages';
import { newMessagesQueryKey } from '@/lib/event-keys';
import {
  fetchMessagesAfter,
  fetchMessagesPage,
  markMessagesRead,
  messagesQueryKey,
  postMessage,
  type Outgoing,
} from '../api/messages-api';
import { mergeMessages, newestUnreadFromSupport, readUpToOf } from './conversation';
import { runMessagePoll } from './message-poll';

/** A message on its way: shown at once (the optimistic bubble), replaced by the server's. */
export type PendingMessage = {
  key: string;
  text: string;
  kind: Outgoing['kind'];
  files: { name: string; sizeBytes: number }[];
  createdAt: string;
};

let pendingCounter = 0;

/**
 * The driver's conversation with support (SPEC §7 Messages): the newest page first, older
 * pages on demand, new messages and read marks from the long poll while the chat is open, the
 * support messages shown marked read, and sending with an optimistic bubble.
 */
export function useConversation() {
  const client = useQueryClient();
  const first = useQuery({
    queryKey: messagesQueryKey,
    queryFn: ({ signal }) => fetchMessagesPage(undefined, signal),
    staleTime: 0,
    gcTime: 0,
  });
  // Older pages, the long poll's messages and the ones sent here, beside the first page.
  const [extra, setExtra] = useState<Message[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const [polledReadUpTo, setPolledReadUpTo] = useState(0);
  const [pollError, setPollError] = useState<unknown>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const messages = mergeMessages(first.data?.items ?? [], extra);
  const readUpTo = Math.max(polledReadUpTo, readUpToOf(messages));
  const hasMore = olderHasMore ?? first.data?.hasMore ?? false;

  const readRef = useRef(readUpTo);
  useEffect(() => {
    readRef.current = Math.max(readRef.current, readUpTo);
  }, [readUpTo]);

  // The live part: from the first page's cursor on, until the chat closes.
  const startCursor = first.data?.cursor;
  useEffect(() => {
    if (startCursor === undefined) return;
    const controller = new AbortController();
    void runMessagePoll(
      {
        fetchAfter: fetchMessagesAfter,
        readUpTo: () => readRef.current,
        onAnswer: (answer) => {
          setPollError(null);
          if (answer.items.length > 0) setExtra((held) => mergeMessages(held, answer.items));
          // The next ask goes out before the page renders again: it must carry this answer's marks.
          readRef.current = Math.max(readRef.current, answer.readUpTo);
          setPolledReadUpTo((held) => Math.max(held, answer.readUpTo));
        },
        onFinalError: setPollError,
      },
      startCursor,
      controller.signal,
    );
    return () => controller.abort();
  }, [startCursor]);

  // The chat is open: the shell's badge counts nothing, and support's messages shown are read.
  useEffect(() => {
    client.setQueryData(newMessagesQueryKey, 0);
  }, [client]);
  const newestUnread = newestUnreadFromSupport(messages);
  const markedRef = useRef(0);
  // Read means seen: in a tab in the background, support's answer waits until it is shown.
  const [isVisible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!isVisible || newestUnread === null || newestUnread <= markedRef.current) return;
    const before = markedRef.current;
    markedRef.current = newestUnread;
    markMessagesRead(newestUnread).then(
      () => client.setQueryData(newMessagesQueryKey, 0),
      // Not marked: the next message shown tries again.
      () => {
        markedRef.current = before;
      },
    );
  }, [newestUnread, isVisible, client]);

  async function loadOlder(): Promise<void> {
    const oldest = messages[0]?.seq;
    if (isLoadingOlder || !hasMore || oldest === undefined) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await fetchMessagesPage(oldest);
      setExtra((held) => mergeMessages(held, page.items));
      setOlderHasMore(page.hasMore);
    } catch (error) {
      setOlderError(error);
    } finally {
      setLoadingOlder(false);
    }
  }

  /** Sends; throws the server's refusal (the composer keeps what was typed and shows it). */
  async function send(outgoing: Outgoing): Promise<void> {
    pendingCounter += 1;
    const key = `pending-${pendingCounter}`;
    const shown: PendingMessage = {
      key,
      text: outgoing.text,
      kind: outgoing.kind,
      files: outgoing.files.map((file) => ({ name: file.name, sizeBytes: Math.floor((file.data.length * 3) / 4) })),
      createdAt: new Date().toISOString(),
    };
    setPending((held) => [...held, shown]);
    try {
      const answer = await postMessage(outgoing);
      setExtra((held) => mergeMessages(held, answer.notice ? [answer.message, answer.notice] : [answer.message]));
    } finally {
      setPending((held) => held.filter((item) => item.key !== key));
    }
  }

  return {
    first,
    messages,
    pending,
    readUpTo,
    hasMore,
    isLoadingOlder,
    olderError,
    pollError,
    loadOlder,
    send,
  };
}
