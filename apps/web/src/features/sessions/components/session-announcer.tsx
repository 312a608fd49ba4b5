import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { isJustStarted, sessionState, statusAnnouncement, type Announcement, type SessionState } from '../model/status-announcement';

type Seen = SessionState & { transactionId: number; announcement: Announcement | null };

/**
 * A polite live region for the session's changes of state: started, paused, stopped, finished,
 * a limit reached, a fault. Present from the first render and silent then, so a screen reader
 * hears the changes only; the figures that tick every few seconds stay out of it.
 */
export function SessionAnnouncer({ charge }: { charge: Charge }) {
  const { t } = useTranslation('charging');
  const [seen, setSeen] = useState<Seen>(() => ({ ...sessionState(charge), transactionId: charge.transactionId, announcement: null }));
  // Opened on a session that started moments ago: the start is said once the region is on the
  // page (a region's first content is not announced), unless something newer was said already.
  useEffect(() => {
    if (!isJustStarted(charge)) return;
    const transactionId = charge.transactionId;
    const timer = setTimeout(() => {
      setSeen((current) => (current.transactionId === transactionId && current.announcement === null ? { ...current, announcement: 'started' } : current));
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the session the screen opened on
  }, []);
  const now = sessionState(charge);
  if (seen.transactionId !== charge.transactionId) {
    // Another session chosen: nothing happened to it.
    setSeen({ ...now, transactionId: charge.transactionId, announcement: null });
  } else if (seen.status !== now.status || seen.isFaulted !== now.isFaulted) {
    setSeen({ ...now, transactionId: charge.transactionId, announcement: statusAnnouncement(seen, charge) ?? seen.announcement });
  }
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="session-announcement">
      {seen.announcement ? t(`charging:announce.${seen.announcement}`) : ''}
    </p>
  );
}
