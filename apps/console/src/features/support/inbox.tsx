import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractResponse } from '@evcharge/api/contract';
import { listConversations, type Conversation } from '@evcharge/api/admin/support';
import { apiRequest } from '../../lib/api';
import { durationText, errorText, isLate, minutesSince, timeText } from '../../lib/format';
import { navigate } from '../../lib/router';
import type { LiveHub } from './live';
import { useNow } from './use-now';

type Page = ContractResponse<typeof listConversations>;

/** Unanswered first, the longest waiting on top; then the rest, the latest talk first. */
export function inboxOrder(items: readonly Conversation[]): Conversation[] {
  return [...items].sort((a, b) => {
    if (a.waitingSince && b.waitingSince) return Date.parse(a.waitingSince) - Date.parse(b.waitingSince);
    if (a.waitingSince) return -1;
    if (b.waitingSince) return 1;
    return Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
  });
}

export function fullName(user: { name: string; surname: string | null }): string {
  return [user.name, user.surname].filter(Boolean).join(' ');
}

export function Inbox({
  hub,
  selectedUserId,
  version,
  liveState,
}: {
  hub: LiveHub;
  selectedUserId: string | null;
  version: number;
  liveState: 'live' | 'retrying';
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const [pages, setPages] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [heard, setHeard] = useState(0);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A live message moves the inbox: read it again (once per burst).
  useEffect(
    () =>
      hub.listen(() => {
        clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(() => setHeard((n) => n + 1), 250);
      }),
    [hub],
  );
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      const all: Page = { items: [], total: 0, waiting: 0, cursor: 0 };
      for (let page = 1; page <= pages; page += 1) {
        const answer = await apiRequest(listConversations, { query: { page }, signal: controller.signal });
        all.items.push(...answer.items.filter((item) => !all.items.some((seen) => seen.user.id === item.user.id)));
        all.total = answer.total;
        all.waiting = answer.waiting;
        all.cursor = answer.cursor;
        if (answer.items.length === 0) break;
      }
      return all;
    };
    load().then(
      (answer) => {
        setData(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [pages, version, heard]);

  const items = data ? inboxOrder(data.items) : [];

  return (
    <div className="inbox">
      <header className="pane-head">
        <h2>{t('inbox.title')}</h2>
        {data && (
          <span className={data.waiting > 0 ? 'pill warn' : 'pill'} data-testid="console-waiting-count">
            {t('inbox.waitingCount', { n: data.waiting })}
          </span>
        )}
        <span className={liveState === 'live' ? 'live-dot' : 'live-dot off'} title={t(`inbox.${liveState}`)}>
          <span className="visually-hidden">{t(`inbox.${liveState}`)}</span>
        </span>
      </header>
      {error !== null && (
        <p className="alert" role="alert" data-testid="console-error">{errorText(t, error)}</p>
      )}
      {!data && error === null && <div className="skeleton-list" aria-busy="true" />}
      {data && items.length === 0 && (
        <div className="empty small">
          <p>{t('inbox.empty')}</p>
        </div>
      )}
      <ul className="conversation-list">
        {items.map((item) => {
          const waiting = item.waitingSince ? minutesSince(item.waitingSince, now) : null;
          const late = waiting !== null && isLate(waiting);
          return (
            <li key={item.user.id}>
              <a
                href={`/admin/support/${item.user.id}`}
                className={[
                  'conversation',
                  item.user.id === selectedUserId ? 'selected' : '',
                  waiting !== null ? 'waiting' : '',
                  late ? 'late' : '',
                ].join(' ')}
                aria-current={item.user.id === selectedUserId ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(`/support/${item.user.id}`);
                }}
                data-testid="console-conversation"
                data-user-id={item.user.id}
                data-waiting={waiting ?? undefined}
                data-late={late ? 'true' : undefined}
              >
                <div className="conversation-top">
                  <span className="conversation-name">{fullName(item.user) || item.user.email}</span>
                  <span className="conversation-time">{timeText(item.lastMessageAt, i18n.language)}</span>
                </div>
                <div className="conversation-preview">
                  {item.lastAuthor === 'support' && <span className="muted">{t('inbox.you')} </span>}
                  {item.lastText || t('inbox.filesOnly')}
                </div>
                <div className="conversation-marks">
                  {waiting !== null && (
                    <span className={late ? 'badge danger' : 'badge warn'} data-testid="console-waiting">
                      {t('inbox.waiting', { time: durationText(t, waiting) })}
                    </span>
                  )}
                  {item.hasFeedback && <span className="badge info">{t('inbox.feedback')}</span>}
                  {item.unread > 0 && (
                    <span className="badge count" aria-label={t('inbox.unread', { n: item.unread })}>
                      {item.unread}
                    </span>
                  )}
                </div>
              </a>
            </li>
          );
        })}
      </ul>
      {data && data.items.length < data.total && (
        <button type="button" className="button ghost wide" onClick={() => setPages((n) => n + 1)}>
          {t('common.more')}
        </button>
      )}
    </div>
  );
}
