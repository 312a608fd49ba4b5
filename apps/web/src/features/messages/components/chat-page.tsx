import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/path-icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { chargeDetailQueryOptions } from '@/lib/charge-query';
import { useConversation } from '../model/use-conversation';
import { chatPath } from './chat-icons';
import { ChatHours } from './chat-hours';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import './chat.css';

/** `?session=<transactionId>`: a positive whole number, else none. */
function sessionParam(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2_147_483_647 ? number : null;
}

/**
 * chat (SPEC §2 "support chat", §7 Messages): the driver's conversation with support, the
 * support hours (SPEC §1), and the composer. `?session=N` attaches a session (the charging
 * screen, a session's details); `?feedback=1` writes feedback about the app (help, profile).
 */
export function ChatPage() {
  const { t } = useTranslation('messages');
  useDocumentTitle(t('messages:title'));
  const [params, setParams] = useSearchParams();
  const transactionId = sessionParam(params.get('session'));
  const isFeedback = params.get('feedback') === '1';
  const conversation = useConversation();
  const { first } = conversation;
  // The chip names the station: the session as the history shows it (the driver's own).
  const charge = useQuery({ ...chargeDetailQueryOptions(transactionId ?? 0), enabled: transactionId !== null, retry: false });

  /** The chips live in the address: removing one (or sending) drops its parameter. */
  const dropParams = (...names: ('session' | 'feedback')[]) => {
    const next = new URLSearchParams(params);
    names.forEach((name) => next.delete(name));
    setParams(next, { replace: true });
  };

  const session = transactionId !== null ? { transactionId, stationName: charge.data?.station.name ?? null } : null;

  return (
    <div className="chat" data-testid="chat-page">
      <header className="chat__header">
        <span className="chat__icon" aria-hidden="true"><PathIcon d={chatPath} size={28} /></span>
        <div className="chat__intro">
          <h1>{t('messages:title')}</h1>
          <p className="muted small">{t('messages:lead')}</p>
        </div>
      </header>
      <ChatHours hours={first.data?.support} />
      {first.isPending && <Spinner label={t('common:loading')} />}
      {first.isError && (
        <div className="stack">
          <Alert tone="error" testId="chat-load-error"><p>{errorText(t, first.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void first.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {first.data && (
        <>
          {conversation.messages.length === 0 && conversation.pending.length === 0 ? (
            <section className="chat-empty" data-testid="chat-empty">
              <h2>{t('messages:empty.title')}</h2>
              <p className="muted">{t('messages:empty.text')}</p>
            </section>
          ) : (
            <ConversationView
              messages={conversation.messages}
              pending={conversation.pending}
              readUpTo={conversation.readUpTo}
              hasMore={conversation.hasMore}
              isLoadingOlder={conversation.isLoadingOlder}
              olderError={conversation.olderError}
              onLoadOlder={() => void conversation.loadOlder()}
            />
          )}
          {conversation.pollError !== null && (
            <Alert tone="warning" testId="chat-poll-error"><p>{t('messages:pollError')}</p></Alert>
          )}
          <Composer
            send={conversation.send}
            session={session}
            onRemoveSession={() => dropParams('session')}
            isFeedback={isFeedback}
            onRemoveFeedback={() => dropParams('feedback')}
            onSent={() => {
              if (transactionId !== null || isFeedback) dropParams('session', 'feedback');
            }}
          />
        </>
      )}
    </div>
  );
}
