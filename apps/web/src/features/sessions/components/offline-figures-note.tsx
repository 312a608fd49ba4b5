import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { clockTime, useConnection } from '@/lib/connection';

/**
 * While offline the live screen keeps its last figures and says when they are from (SPEC §2);
 * back online it says it is catching up until the next figures arrive (the poll resumes from
 * its cursor: model/charge-poll.ts).
 */
export function OfflineFiguresNote({ receivedAt }: { receivedAt: number }) {
  const { t, i18n } = useTranslation('errors');
  const { isOnline } = useConnection();
  // The figures shown when the connection went: newer ones mean the screen has caught up.
  const [offlineFigures, setOfflineFigures] = useState<number | null>(null);
  if (!isOnline && offlineFigures !== receivedAt) setOfflineFigures(receivedAt);
  if (isOnline && offlineFigures !== null && receivedAt > offlineFigures) setOfflineFigures(null);
  if (!isOnline) {
    return (
      <Alert tone="warning" testId="offline-figures">
        <p>{t('errors:offline.figuresAsOf', { time: clockTime(receivedAt, i18n.language) })}</p>
      </Alert>
    );
  }
  if (offlineFigures === null) return null;
  return (
    <Alert tone="info" testId="catching-up">
      <p>{t('errors:offline.catchingUp')}</p>
    </Alert>
  );
}
