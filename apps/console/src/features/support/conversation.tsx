import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerConversation,
  listConversationMessages,
  readConversation,
} from '@evcharge/api/admin/support';
import type { Message } from '@evcharge/api/messages/messages';
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX } from '@evcharge/domain/support';
import { ApiError, apiRequest } from '../../lib/api';
import { bytesText, errorText } from '../../lib/format';
import { pickFiles, type FileProblem, type PickedFile } from '../../lib/files';
import type { LiveHub } from './live';
import { MessageBubble } from './message';
import { ClipIcon, FileIcon, ImageIcon } from '../../app/icons';

const PAGE = 50;

/** Messages by seq, each once: a live message, a page and an answer may carry the same one. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const bySeq = new Map(current.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

type State = {
  messages: Message[];
  hasMore: boolean;
  readUpTo: number;
  loaded: boolean;
};

export function ConversationView({ userId, hub, onChanged }: { userId: string; hub: LiveHub; onChanged: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ messages: [], hasMore: false, readUpTo: 0, loaded: false });
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [latestVersion, setLatestVersion] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const markedUpTo = useRef(0);

  // The newest page: at first, and again when the live feed speaks of this driver (it also
  // brings the driver's read marks).
  useEffect(() => {
    const controller = new AbortController();
    apiRequest(listConversationMessages, { params: { userId }, query: { limit: PAGE }, signal: controller.signal }).then(
      (page) => {
        setLoadError(null);
        setState((current) => ({
          messages: mergeMessages(current.messages, page.items),
          hasMore: current.loaded ? current.hasMore : page.hasMore,
          readUpTo: Math.max(current.readUpTo, page.readUpTo),
          loaded: true,
        }));
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(failure);
      },
    );
    return () => controller.abort();
  }, [userId, latestVersion]);

  useEffect(
    () =>
      hub.listen((items, resync) => {
        const mine = items.filter((item) => item.userId === userId);
        if (mine.length === 0 && !resync) return;
        // Only what follows the page shown: an older one would leave a gap before it.
        setState((current) => {
          const oldest = current.messages[0]?.seq;
          const newer = oldest === undefined ? [] : mine.filter((item) => item.seq > oldest);
          return newer.length > 0 ? { ...current, messages: mergeMessages(current.messages, newer) } : current;
        });
        setLatestVersion((n) => n + 1);
      }),
    [hub, userId],
  );

  // Support has read what is on screen: mark the driver's messages read up to the newest.
  const newestUnread = state.messages.reduce(
    (max, message) => (message.author === 'user' && message.readAt === null ? Math.max(max, message.seq) : max),
    0,
  );
  useEffect(() => {
    if (newestUnread === 0 || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    apiRequest(readConversation, { params: { userId }, body: { upTo: newestUnread } }).then(
      () => {
        const readAt = new Date().toISOString();
        setState((current) => ({
          ...current,
          messages: current.messages.map((message) =>
            message.author === 'user' && message.readAt === null && message.seq <= newestUnread
              ? { ...message, readAt }
              : message,
          ),
        }));
        onChanged();
      },
      () => {
        // Marked again with the next message or visit.
        markedUpTo.current = 0;
      },
    );
  }, [newestUnread, userId, onChanged]);

  // Follow the newest message unless support scrolled up to read older ones.
  const last = state.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [last]);

  async function loadEarlier() {
    const first = state.messages[0];
    if (!first) return;
    setLoadingEarlier(true);
    stickToBottom.current = false;
    try {
      const page = await apiRequest(listConversationMessages, {
        params: { userId },
        query: { before: first.seq, limit: PAGE },
      });
      setState((current) => ({
        ...current,
        messages: mergeMessages(current.messages, page.items),
        hasMore: page.hasMore,
        readUpTo: Math.max(current.readUpTo, page.readUpTo),
      }));
      setLoadError(null);
    } catch (failure) {
      setLoadError(failure);
    } finally {
      setLoadingEarlier(false);
    }
  }

  return (
    <div className="conversation-view">
      {loadError !== null && (
        <p className="alert" role="alert" data-testid="console-error">{errorText(t, loadError)}</p>
      )}
      <ol
        className="messages"
        ref={listRef}
        onScroll={(event) => {
          const list = event.currentTarget;
          stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
        }}
        aria-live="polite"
        aria-busy={!state.loaded}
        // A scrolling region: reachable and scrollable from the keyboard (WCAG 2.1.1).
        tabIndex={0}
        aria-label={t('conversation.title')}
      >
        {state.hasMore && (
          <li className="earlier">
            <button type="button" className="button ghost" disabled={loadingEarlier} onClick={() => void loadEarlier()} data-testid="console-earlier">
              {loadingEarlier ? t('common.loading') : t('conversation.earlier')}
            </button>
          </li>
        )}
        {state.loaded && state.messages.length === 0 && (
          <li className="empty small">{t('conversation.empty')}</li>
        )}
        {state.messages.map((message) => (
          <MessageBubble key={message.seq} message={message} readByDriver={message.seq <= state.readUpTo} />
        ))}
      </ol>
      <AnswerForm
        userId={userId}
        onSent={(message) => {
          stickToBottom.current = true;
          setState((current) => ({ ...current, messages: mergeMessages(current.messages, [message]) }));
          onChanged();
        }}
      />
    </div>
  );
}

function AnswerForm({ userId, onSent }: { userId: string; onSent: (message: Message) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = !sending && (text.trim().length > 0 || files.length > 0);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      const message = await apiRequest(answerConversation, {
        params: { userId },
        body: { text: text.trim(), files: files.map(({ name, data }) => ({ name, data })) },
      });
      setText('');
      setFiles([]);
      setProblem(null);
      onSent(message);
    } catch (failure) {
      // The typed text and the files stay: support sends again once the cause is gone.
      setError(failure);
    } finally {
      setSending(false);
    }
  }

  async function choose(list: FileList | null) {
    if (!list || list.length === 0) return;
    const { picked, problem: found } = await pickFiles(files.length, [...list]);
    setFiles((current) => [...current, ...picked].slice(0, MESSAGE_FILES_MAX));
    setProblem(found);
    if (fileInput.current) fileInput.current.value = '';
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  return (
    <form className="answer" onSubmit={(event) => void send(event)}>
      {error !== null && (
        <p className="alert" role="alert" data-testid="console-error">
          {error instanceof ApiError ? errorText(t, error) : t('errors.UNKNOWN')}
        </p>
      )}
      {problem && (
        <p className="alert" role="alert" data-testid="console-file-error">
          {problem === 'TOO_MANY_FILES' ? t('conversation.tooManyFiles', { max: MESSAGE_FILES_MAX }) : t(`errors.${problem}`)}
        </p>
      )}
      {files.length > 0 && (
        <ul className="picked">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="chip">
              {file.type === 'application/pdf' ? <FileIcon size={16} /> : <ImageIcon size={16} />}
              <span className="chip-name">{file.name}</span>
              <span className="muted">{bytesText(t, file.sizeBytes)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('conversation.removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="answer-row">
        <label className="attach" title={t('conversation.attach')}>
          <ClipIcon />
          <span className="visually-hidden">{t('conversation.attach')}</span>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            multiple
            disabled={files.length >= MESSAGE_FILES_MAX}
            onChange={(event) => void choose(event.target.files)}
            data-testid="console-answer-files"
          />
        </label>
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={3}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t('conversation.placeholder')}
          aria-label={t('conversation.placeholder')}
          data-testid="console-answer-text"
        />
        <button type="submit" className="button primary" disabled={!canSend} data-testid="console-answer-send">
          {sending ? t('conversation.sending') : t('conversation.send')}
        </button>
      </div>
      <p className="hint">{t('conversation.hint', { max: MESSAGE_FILES_MAX })}</p>
    </form>
  );
}
