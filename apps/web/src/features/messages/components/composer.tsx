import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX } from '@evcharge/domain/support';
import { Alert } from '@/components/ui/alert';
import { Icon } from '@/components/ui/icon';
import { PathIcon } from '@/components/ui/path-icon';
import { errorText } from '@/lib/api-error';
import type { Outgoing } from '../api/messages-api';
import { chooseFiles, fileSizeText, readAsBase64 } from '../model/message-files';
import { attachPath, filePath } from './chat-icons';

export type ComposerSession = { transactionId: number; stationName: string | null };

type ComposerProps = {
  send: (outgoing: Outgoing) => Promise<void>;
  /** The session the message will carry (from the charging screen or a session's details). */
  session: ComposerSession | null;
  onRemoveSession: () => void;
  /** Feedback about the app (from help and the profile): sent as kind "feedback". */
  isFeedback: boolean;
  onRemoveFeedback: () => void;
  /** Sent: the session and feedback chips have done their part. */
  onSent: () => void;
};

/** Desktop: Enter sends and Shift+Enter starts a line; on a touch keyboard Enter is a new line. */
function enterSends(): boolean {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(hover: hover) and (pointer: fine)').matches;
}

const ACCEPT = 'image/jpeg,image/png,application/pdf';

/**
 * Writing to support (SPEC §7 POST /messages, /messages/files): text, up to three pictures or
 * PDF files of 500 kB each (checked here as chosen; the server checks again), the session or
 * feedback chip. What was typed and attached comes back into the composer if sending fails.
 */
export function Composer({ send, session, onRemoveSession, isFeedback, onRemoveFeedback, onSent }: ComposerProps) {
  const { t, i18n } = useTranslation('messages');
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [isSending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function choose(list: FileList | null) {
    if (!list) return;
    const { accepted, refused } = chooseFiles(files.length, [...list]);
    setNotes([
      ...new Set(
        refused.map(({ file, problem }) =>
          problem === 'TOO_MANY'
            ? t('messages:composer.tooMany', { max: MESSAGE_FILES_MAX })
            : t('messages:composer.fileProblem', { name: file.name, problem: t(`errors:${problem}`) }),
        ),
      ),
    ]);
    setError(null);
    setFiles([...files, ...accepted]);
    if (fileInput.current) fileInput.current.value = '';
  }

  function removeFile(index: number) {
    setFiles(files.filter((_, i) => i !== index));
    setNotes([]);
  }

  async function submit() {
    if (isSending) return;
    const typed = text;
    const attached = files;
    const trimmed = typed.trim();
    if (trimmed === '' && attached.length === 0) {
      setNotes([t('messages:composer.empty')]);
      return;
    }
    setSending(true);
    setError(null);
    setNotes([]);
    let encoded: Outgoing['files'];
    try {
      encoded = await Promise.all(attached.map(async (file) => ({ name: file.name, data: await readAsBase64(file) })));
    } catch {
      setNotes([t('messages:readFailed')]);
      setSending(false);
      return;
    }
    // The bubble on its way shows the message; the composer is free for the next one.
    setText('');
    setFiles([]);
    try {
      await send({
        text: trimmed,
        kind: isFeedback ? 'feedback' : 'message',
        files: encoded,
        ...(session ? { transactionId: session.transactionId } : {}),
      });
      onSent();
    } catch (failure) {
      // Nothing typed is lost: the message comes back, before anything typed since.
      setText((since) => (since.trim() === '' ? typed : `${typed}\n${since}`));
      setFiles((since) => [...attached, ...since].slice(0, MESSAGE_FILES_MAX));
      setError(failure);
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!enterSends()) return;
    event.preventDefault();
    void submit();
  }

  const problems = error !== null ? [...notes, errorText(t, error)] : notes;
  const errorId = problems.length > 0 ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;
  const isFull = files.length >= MESSAGE_FILES_MAX;

  return (
    <form className="chat-composer" noValidate onSubmit={onSubmit} data-testid="chat-composer">
      {problems.length > 0 && (
        <div id={errorId}>
          <Alert tone="error" testId="chat-error">
            {problems.map((problem) => <p key={problem}>{problem}</p>)}
          </Alert>
        </div>
      )}
      {(session || isFeedback || files.length > 0) && (
        <ul className="chat-composer__chips">
          {isFeedback && (
            <li className="chat-chip chat-chip--feedback" data-testid="chat-feedback-chip">
              <Icon name="star" size={16} />
              <span className="chat-chip__text">{t('messages:composer.feedback')}</span>
              <button type="button" className="chat-chip__remove" onClick={onRemoveFeedback} aria-label={t('messages:composer.removeFeedback')}>
                <Icon name="close" size={16} />
              </button>
            </li>
          )}
          {session && (
            <li className="chat-chip" data-testid="chat-session-chip" data-transaction-id={session.transactionId}>
              <Icon name="bolt" size={16} />
              <span className="chat-chip__text">
                {session.stationName
                  ? t('messages:composer.aboutSession', { number: session.transactionId, station: session.stationName })
                  : t('messages:composer.aboutSessionShort', { number: session.transactionId })}
              </span>
              <button type="button" className="chat-chip__remove" onClick={onRemoveSession} aria-label={t('messages:composer.removeSession')} data-testid="chat-session-remove">
                <Icon name="close" size={16} />
              </button>
            </li>
          )}
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="chat-chip chat-chip--file" data-testid="chat-attached">
              <PathIcon d={filePath} size={16} />
              <span className="chat-chip__text">{file.name}</span>
              <span className="chat-chip__size">{fileSizeText(file.size, i18n.language)}</span>
              <button type="button" className="chat-chip__remove" onClick={() => removeFile(index)} aria-label={t('messages:composer.remove', { name: file.name })}>
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chat-composer__row">
        {/* The browser's own picker button speaks the browser's language: ours speaks the page's. */}
        <label className={isFull ? 'chat-composer__attach chat-composer__attach--off' : 'chat-composer__attach'} title={t('messages:composer.attach')}>
          <PathIcon d={attachPath} size={22} />
          <span className="visually-hidden">{t('messages:composer.attach')}</span>
          <input
            ref={fileInput}
            className="chat-composer__file"
            type="file"
            accept={ACCEPT}
            multiple
            disabled={isFull}
            onChange={(event) => choose(event.target.files)}
            aria-describedby={hintId}
            data-testid="chat-attach"
          />
        </label>
        <label className="visually-hidden" htmlFor={`${id}-text`}>{t('messages:composer.label')}</label>
        <textarea
          id={`${id}-text`}
          className="chat-composer__text"
          rows={1}
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={isFeedback ? t('messages:composer.feedbackPlaceholder') : t('messages:composer.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            if (notes.length > 0) setNotes([]);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
          data-testid="chat-text"
        />
        <button type="submit" className="chat-composer__send" disabled={isSending} aria-busy={isSending || undefined} data-testid="chat-send">
          <Icon name="send" size={22} />
          <span className="visually-hidden">{t('messages:composer.send')}</span>
        </button>
      </div>
      <p className="chat-composer__hint" id={hintId}>
        {t('messages:composer.attachHint', { max: MESSAGE_FILES_MAX })}
        <span className="chat-composer__enter"> {t('messages:composer.hint')}</span>
      </p>
    </form>
  );
}
