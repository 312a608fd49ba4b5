import { useTranslation } from 'react-i18next';
import type { ReservationStatus } from '@evcharge/domain/reservation';
import '@/components/charge/charge.css';

// SPEC §4 reservation statuses, a colour each beside the words, as sessions show theirs.
const tones: Record<ReservationStatus, 'live' | 'wait' | 'info' | 'done' | 'off'> = {
  scheduled: 'info',
  active: 'live',
  completed: 'done',
  cancelled: 'off',
  expired: 'off',
  failed: 'wait',
};

/** Texts of the `reserve` namespace. */
export function ReservationStatusBadge({ status, testId }: { status: ReservationStatus; testId?: string }) {
  const { t } = useTranslation('reserve');
  return (
    <span className={`session-status session-status--${tones[status]}`} data-testid={testId} data-status={status}>
      <span className="session-status__dot" aria-hidden="true" />
      {t(`reserve:status.${status}`)}
    </span>
  );
}
