import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '@evcharge/api/sessions/charge-schemas';
import './charge.css';

// SPEC §4 session statuses with a colour each, always beside the words (never colour alone).
const tones: Record<SessionStatus, 'live' | 'wait' | 'info' | 'done' | 'off'> = {
  preparing: 'info',
  charging: 'live',
  suspendedev: 'wait',
  suspendedevse: 'wait',
  finishing: 'info',
  parking: 'wait',
  success: 'done',
  cancelled: 'off',
};

export function sessionTone(status: SessionStatus) {
  return tones[status];
}

export function SessionStatusBadge({ status, testId }: { status: SessionStatus; testId?: string }) {
  const { t } = useTranslation('charging');
  return (
    <span className={`session-status session-status--${tones[status]}`} data-testid={testId} data-status={status}>
      <span className="session-status__dot" aria-hidden="true" />
      {t(`charging:status.${status}`)}
    </span>
  );
}
