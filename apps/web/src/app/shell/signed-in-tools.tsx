import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { User } from '@evcharge/api/common';
import { extraIconPaths, PathIcon } from '@/components/ui/path-icon';
import { newMessagesQueryKey, unreadEventsQueryKey } from '@/lib/event-keys';
import { paths } from '../paths';
import './signed-in-tools.css';

/** Unread notifications are asked again this often while the page is visible. */
const UNREAD_REFETCH_MS = 60_000;

/** A speech bubble, as the chat draws it (features/messages/components/chat-icons.ts). */
const chatIconPath = 'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9ZM8 9h8m-8 3h5';

// Not lib/first-screen or lib/yield: importing either from this lazy chunk splits i18next into
// a chunk of its own in the first load (and the Icon component reorders the first load's
// shared chunk, which compresses worse). The count waits for an idle moment by itself.
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 3000 })
      : setTimeout(resolve, 200),
  );

/**
 * The signed-in driver's part of the header: which profile pays (personal or a company, SPEC
 * §6; it opens the switcher), the support chat with the number of unread answers, and the
 * notifications with an unread dot. Loaded lazily by the
 * header, so a visitor's first load (the map home) carries none of it; the header hands in its
 * `t`, as importing react-i18next here splits i18next into a chunk of its own (CONTRIBUTING).
 */
export function SignedInTools({ user, t }: { user: User; t: TFunction }) {
  // Not memoised by React Compiler: its runtime would move into the first load's shared chunk.
  'use no memo';
  const unread = useQuery({
    queryKey: unreadEventsQueryKey,
    queryFn: async ({ signal }) => {
      await idle();
      return (await import('../charge-screens')).fetchUnreadEvents(signal);
    },
    refetchInterval: UNREAD_REFETCH_MS,
  });
  // Support's unread answers (SPEC §7 GET /messages/new): again on returning to the window and
  // every minute; the chat itself sets it to nothing while it is open.
  const newMessages = useQuery({
    queryKey: newMessagesQueryKey,
    queryFn: async ({ signal }) => {
      await idle();
      return (await import('../charge-screens')).fetchNewMessages(signal);
    },
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  // Push notifications follow the session from the first sign-in on (lib/push.ts): the device
  // token and this browser's subscription go to the server, and stop when the driver signs out.
  useEffect(() => {
    void idle()
      .then(() => import('@/lib/push'))
      .then(({ startPushSync }) => startPushSync());
  }, []);
  const count = unread.data ?? 0;
  const messages = newMessages.data ?? 0;
  const company = user.activeCompany;
  return (
    <>
      <Link
        to={paths.multiaccount}
        className="profile-chip"
        data-testid="header-profile-chip"
        data-corporate={company ? true : undefined}
      >
        <span className="profile-chip__pill">
          <PathIcon d={extraIconPaths.wallet} size={16} />
          <span className="visually-hidden">{t('common:profiles.active')}</span>
          <span className="profile-chip__name">
            {company?.name ?? t('common:profiles.personal')}
          </span>
        </span>
      </Link>
      <Link to={paths.chat} className="app-header__help header-chat" data-testid="header-chat" data-unread={messages > 0 || undefined}>
        <PathIcon d={chatIconPath} size={22} />
        <span className="visually-hidden">{t('common:support.title')}</span>
        {messages > 0 && (
          <span className="header-chat__badge" data-testid="chat-badge">{messages > 99 ? '99+' : messages}</span>
        )}
      </Link>
      <Link
        to={paths.events}
        className="app-header__help header-bell"
        data-testid="header-events"
        data-unread={count > 0 || undefined}
      >
        <PathIcon d={extraIconPaths.bell} size={22} />
        {count > 0 && <span className="header-bell__dot" />}
        <span className="visually-hidden">
          {count > 0
            ? t('common:notifications.unread', { count })
            : t('common:notifications.title')}
        </span>
      </Link>
    </>
  );
}
