import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useConnection } from '@/lib/connection';
import { errorText } from '@/lib/api-error';
import { useStopChargeMutation } from '../api/stop-charge';

type StopControlsProps = { charge: Charge; label?: 'stop' | 'cancel' };

/**
 * PUT /charge/stop after the driver confirms. The screen keeps showing what the station
 * reports: a refused stop (SPEC §8 'Error stopping charging') leaves the session running.
 */
export function StopControls({ charge, label = 'stop' }: StopControlsProps) {
  const { t } = useTranslation('charging');
  const [isAsking, setAsking] = useState(false);
  const stop = useStopChargeMutation();
  // The station stops on the server's command: offline the button waits, saying why.
  const { isOnline } = useConnection();

  function confirm() {
    setAsking(false);
    stop.mutate(charge.transactionId);
  }

  return (
    <div className="stop-controls">
      {stop.isError && (
        <Alert tone="error" title={t('charging:stop.failedTitle')} testId="stop-error">
          <p>{errorText(t, stop.error)}</p>
        </Alert>
      )}
      <Button
        variant="danger"
        icon="close"
        block
        className="stop-controls__button"
        isLoading={stop.isPending}
        disabled={!isOnline}
        onClick={() => setAsking(true)}
        data-testid="stop-charge"
      >
        {stop.isPending ? t('charging:stop.stopping') : t(`charging:stop.${label}`)}
      </Button>
      {!isOnline && <p className="needs-connection muted small" role="status" data-testid="stop-needs-connection">{t('errors:offline.needsConnection')}</p>}
      <Dialog open={isAsking} onClose={() => setAsking(false)} title={t(`charging:stop.confirmTitle.${label}`)} closeLabel={t('common:close')} testId="stop-dialog">
        <p className="muted">{t(`charging:stop.confirmText.${label}`)}</p>
        <div className="stop-controls__dialog-actions">
          <Button variant="secondary" onClick={() => setAsking(false)} data-testid="stop-keep">{t(`charging:stop.keep.${label}`)}</Button>
          <Button variant="primary" className="button--stop" icon="close" onClick={confirm} data-testid="stop-confirm">{t(`charging:stop.${label}`)}</Button>
        </div>
      </Dialog>
    </div>
  );
}
