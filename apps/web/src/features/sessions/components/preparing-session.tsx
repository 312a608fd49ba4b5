import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { clockText } from '@/components/charge/charge-text';
import { Icon } from '@/components/ui/icon';
import { useStartTimeoutQuery } from '../api/session-settings';
import { useNow } from '../model/use-now';
import { SessionHeading } from './session-heading';
import { StopControls } from './stop-controls';

/**
 * The station has accepted the start and waits for the car to draw (SPEC §4 preparing): plug
 * in. A start the car does not take up in time is cancelled at no charge; the countdown comes
 * from GET /charges/check/{id}/timeout and runs on between its answers.
 */
export function PreparingSession({ charge }: { charge: Charge }) {
  const { t } = useTranslation('charging');
  const check = useStartTimeoutQuery(charge.transactionId, true);
  const now = useNow(check.data !== undefined && check.data.secondsLeft > 0);
  const left = check.data ? Math.max(0, check.data.secondsLeft - Math.floor(Math.max(0, now - check.dataUpdatedAt) / 1000)) : null;
  const { refetch } = check;
  const isOverdue = left === 0 && (check.data?.secondsLeft ?? 0) > 0;

  // At zero the server cancels the start: ask at once rather than at the next interval.
  useEffect(() => {
    if (isOverdue) void refetch();
  }, [isOverdue, refetch]);

  return (
    <div className="preparing" data-testid="preparing-session">
      <SessionHeading charge={charge} />
      <section className="preparing__stage" aria-live="polite">
        <span className="preparing__plug" aria-hidden="true"><Icon name="plug" size={44} /></span>
        <h2 className="preparing__title">{t('charging:preparing.title')}</h2>
        <p className="muted">{t('charging:preparing.text')}</p>
        {left !== null && (
          <p className="preparing__countdown" data-testid="preparing-countdown" data-seconds-left={left}>
            {t('charging:preparing.countdown', { time: clockText(left) })}
          </p>
        )}
      </section>
      <StopControls charge={charge} label="cancel" />
    </div>
  );
}
