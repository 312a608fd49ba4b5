import { useTranslation } from 'react-i18next';
import { useConnection } from '@/lib/connection';

/**
 * Beside an action the server must carry out (start, stop, reserve, pay, top up): while
 * offline the action is disabled and this says why (SPEC §2), instead of a failure later.
 */
export function NeedsConnection({ testId = 'needs-connection' }: { testId?: string }) {
  const { t } = useTranslation('errors');
  const { isOnline } = useConnection();
  if (isOnline) return null;
  return (
    <p className="needs-connection muted small" role="status" data-testid={testId}>
      {t('errors:offline.needsConnection')}
    </p>
  );
}
