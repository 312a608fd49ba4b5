import { useTranslation } from 'react-i18next';
import type { Message } from '@evcharge/api/messages/messages';
import { supportHours, supportSchedule } from '@evcharge/domain/support';
import { PathIcon } from '@/components/ui/path-icon';
import { useBrandQuery } from '@/lib/brand';
import { useFormat } from '@/lib/format';
import { daysBetween } from '../model/conversation';
import { fileSizeText } from '../model/message-files';
import type { PendingMessage } from '../model/use-conversation';
import { filePath, readPath, sentPath } from './chat-icons';
import { MessageFiles } from './message-file';
import { SessionCard } from './session-card';

/** A time of the conversation on the driver's clock: "14:05". */
function useClock() {
  const format = useFormat();
  return (at: string | Date) => format.date(at, { hour: '2-digit', minute: '2-digit' });
}

/**
 * The service's notice that support is closed (SPEC §1 hours): when it opens, on the driver's
 * clock, from the moment the notice was written: later that day, the next day, or a date.
 */
function NoticeText({ message }: { message: Message }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const clock = useClock();
  const { data: brand } = useBrandQuery();
  const written = new Date(message.createdAt);
  // The brand's own hours (SPEC §1); the SPEC's until the brand is known.
  const { opensAt } = supportHours(written, brand ? supportSchedule(brand.support.hours) : undefined);
  const days = daysBetween(written, opensAt);
  const text =
    days === 1
      ? t('messages:noticeTomorrow', { time: clock(opensAt) })
      : t('messages:notice', { time: days === 0 ? clock(opensAt) : format.date(opensAt, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) });
  return <p data-testid="chat-notice">{text}</p>;
}

export function MessageBubble({ message, isRead }: { message: Message; isRead: boolean }) {
  const { t } = useTranslation('messages');
  const clock = useClock();
  const common = { 'data-testid': 'chat-message', 'data-author': message.author, 'data-kind': message.kind, 'data-seq': message.seq };
  if (message.author === 'system') {
    return (
      <li className="chat-notice" {...common}>
        {message.kind === 'notice' ? <NoticeText message={message} /> : <p>{message.text}</p>}
      </li>
    );
  }
  const isMine = message.author === 'user';
  return (
    <li className={isMine ? 'chat-msg chat-msg--mine' : 'chat-msg chat-msg--support'} {...common}>
      {!isMine && <span className="chat-msg__name">{message.staffName ?? t('messages:support')}</span>}
      <div className="chat-msg__bubble">
        {message.kind === 'feedback' && <span className="chat-msg__tag" data-testid="chat-feedback-tag">{t('messages:feedbackTag')}</span>}
        {message.text && <p className="chat-msg__text">{message.text}</p>}
        <MessageFiles files={message.files} />
        {message.session && <SessionCard session={message.session} />}
        <span className="chat-msg__meta">
          <time dateTime={message.createdAt}>{clock(message.createdAt)}</time>
          {isMine && (
            <span className="chat-msg__mark" data-testid="chat-read-mark" data-read={isRead}>
              <PathIcon d={isRead ? readPath : sentPath} size={16} />
              <span className="visually-hidden">{isRead ? t('messages:read') : t('messages:sent')}</span>
            </span>
          )}
        </span>
      </div>
    </li>
  );
}

/** A message on its way (the optimistic bubble): what was typed, the files' names, a clock. */
export function PendingBubble({ message }: { message: PendingMessage }) {
  const { t, i18n } = useTranslation('messages');
  const clock = useClock();
  return (
    <li className="chat-msg chat-msg--mine chat-msg--pending" data-testid="chat-pending" aria-busy="true">
      <div className="chat-msg__bubble">
        {message.kind === 'feedback' && <span className="chat-msg__tag">{t('messages:feedbackTag')}</span>}
        {message.text && <p className="chat-msg__text">{message.text}</p>}
        {message.files.length > 0 && (
          <ul className="chat-files">
            {message.files.map((file) => (
              <li key={file.name} className="chat-file chat-file--document">
                <PathIcon d={filePath} size={22} />
                <span className="chat-file__text">
                  <span className="chat-file__name">{file.name}</span>
                  <span className="chat-file__size">{fileSizeText(file.sizeBytes, i18n.language)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <span className="chat-msg__meta">
          <time dateTime={message.createdAt}>{clock(message.createdAt)}</time>
          <span className="chat-msg__sending">{t('messages:sending')}</span>
        </span>
      </div>
    </li>
  );
}
