import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { User } from '@evcharge/api/common';
import { extraIconPaths, PathIcon } from '@/components/ui/path-icon';
import { unreadEventsQueryKey } from '@/lib/event-keys';
import { paths } from '../paths';
import './signed-in-tools.css';

/** Unread notifications are asked again this often while the page is visible. */
const UNREAD_REFETCH_MS = 60_000;

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
 * §6; it opens the switcher) and the notifications with an unread dot. Loaded lazily by the
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
  // Push notifications follow the session from the first sign-in on (lib/push.ts): the device
  // token and this browser's subscription go to the server, and stop when the driver signs out.
  useEffect(() => {
    void idle()
      .then(() => import('@/lib/push'))
      .then(({ startPushSync }) => startPushSync());
  }, []);
  const count = unread.data ?? 0;
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
