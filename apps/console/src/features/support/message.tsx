import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageSession } from '@evcharge/api/messages/messages';
import {
  bytesText,
  dateTimeText,
  energyText,
  moneyText,
  stopReasonText,
  timeText,
} from '../../lib/format';
import { openAuthed, useAuthedUrl } from '../../lib/files';
import { BoltIcon, FileIcon } from '../../app/icons';

type MessageFile = Message['files'][number];

export function MessageBubble({
  message,
  readByDriver,
}: {
  message: Message;
  readByDriver: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (message.author === 'system') {
    return (
      <li
        className="message system"
        data-testid="console-message"
        data-author="system"
        data-seq={message.seq}
      >
        {/* The closed-hours notice carries no text: each side words it in its own language. */}
        <span>
          {message.kind === 'notice' && message.text === ''
            ? t('conversation.closedNotice')
            : message.text}
        </span>
        <time dateTime={message.createdAt}>{timeText(message.createdAt, i18n.language)}</time>
      </li>
    );
  }
  const fromDriver = message.author === 'user';
  return (
    <li
      className={`message ${fromDriver ? 'driver' : 'staff'}${message.kind === 'feedback' ? ' feedback' : ''}`}
      data-testid="console-message"
      data-author={message.author}
      data-seq={message.seq}
    >
      <div className="bubble">
        {message.kind === 'feedback' && (
          <span className="badge info">{t('conversation.feedback')}</span>
        )}
        {!fromDriver && message.staffName && (
          <span className="bubble-author">{message.staffName}</span>
        )}
        {message.text && <p className="bubble-text">{message.text}</p>}
        {message.files.length > 0 && (
          <div className="attachments">
            {message.files.map((file) => (
              <Attachment key={file.id} file={file} />
            ))}
          </div>
        )}
        {message.session && <SessionCard session={message.session} />}
        <div className="bubble-meta">
          <time dateTime={message.createdAt} title={dateTimeText(message.createdAt, i18n.language)}>
            {timeText(message.createdAt, i18n.language)}
          </time>
          {!fromDriver && (
            <span
              className={readByDriver ? 'read-mark read' : 'read-mark'}
              data-testid="console-read-mark"
            >
              {readByDriver ? `✓✓ ${t('conversation.read')}` : `✓ ${t('conversation.sent')}`}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

function Attachment({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  const isImage = file.contentType !== 'application/pdf';
  const { src, failed } = useAuthedUrl(isImage ? file.url : null);
  const [openFailed, setOpenFailed] = useState(false);
  const open = () => {
    setOpenFailed(false);
    openAuthed(file.url).catch(() => setOpenFailed(true));
  };
  if (isImage) {
    return (
      <button
        type="button"
        className="thumb"
        onClick={open}
        title={file.name}
        data-testid="console-message-file"
      >
        {src ? (
          <img src={src} alt={file.name} />
        ) : (
          <span className="thumb-placeholder">{failed ? '!' : '…'}</span>
        )}
      </button>
    );
  }
  return (
    <button type="button" className="file-link" onClick={open} data-testid="console-message-file">
      <FileIcon />
      <span className="chip-name">{file.name}</span>
      <span className="muted">{bytesText(t, file.sizeBytes)}</span>
      {openFailed && <span className="danger-text">{t('conversation.fileFailed')}</span>}
    </button>
  );
}

/** The session a message carries (DESIGN: the chat carries the session). */
export function SessionCard({ session }: { session: MessageSession }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="session-card" data-testid="console-message-session">
      <div className="session-card-head">
        <BoltIcon size={16} />
        <strong>{session.stationName}</strong>
        <span className="muted">{session.stationCode}</span>
        <span className={`status status-${session.status}`}>{t(`status.${session.status}`)}</span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('session.connector')}</dt>
          <dd>{session.connectorNumber}</dd>
        </div>
        <div>
          <dt>{t('session.energy')}</dt>
          <dd>{energyText(t, session.energyWh, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('session.cost')}</dt>
          <dd>{moneyText(session.costMinor, session.currency, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('session.stopReason')}</dt>
          <dd>{session.stopReason ? stopReasonText(t, session.stopReason) : '—'}</dd>
        </div>
        {session.startedAt && (
          <div>
            <dt>{t('session.started')}</dt>
            <dd>{dateTimeText(session.startedAt, i18n.language)}</dd>
          </div>
        )}
        <div>
          <dt>{t('session.number')}</dt>
          <dd>#{session.transactionId}</dd>
        </div>
      </dl>
    </div>
  );
}
