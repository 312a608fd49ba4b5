import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { prechargingPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { stopReasonText } from '@/components/charge/stop-reason';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useCloseChargeMutation } from '../api/session-settings';
import { SessionHeading } from './session-heading';

/** A start that did not become a session: why, what it cost (usually nothing), try again. */
export function CancelledSession({ charge }: { charge: Charge }) {
  const { t } = useTranslation('charging');
  const navigate = useNavigate();
  const format = useFormat();
  const close = useCloseChargeMutation();
  const reason = stopReasonText(t, charge.stopReason);
  return (
    <div className="session-end stack" data-testid="cancelled-session">
      <SessionHeading charge={charge} />
      <Alert tone="warning" title={t('charging:cancelled.title')} testId="cancel-reason">
        {reason && <p>{reason}</p>}
        <p>{charge.costMinor === 0 ? t('charging:cancelled.free') : t('charging:cancelled.cost', { cost: format.money(charge.costMinor, charge.currency) })}</p>
      </Alert>
      {close.isError && <Alert tone="error"><p>{errorText(t, close.error)}</p></Alert>}
      <div className="row">
        <ButtonLink to={prechargingPath(charge.station.id, charge.connector.number)} variant="primary" icon="refresh" data-testid="cancelled-retry">
          {t('charging:cancelled.retry')}
        </ButtonLink>
        <Button
          variant="secondary"
          isLoading={close.isPending}
          onClick={() => close.mutate(charge.transactionId, { onSuccess: () => navigate(paths.home) })}
          data-testid="session-close"
        >
          {t('charging:summary.close')}
        </Button>
      </div>
    </div>
  );
}
