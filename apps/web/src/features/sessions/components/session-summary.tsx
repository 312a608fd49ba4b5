import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { historyPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { durationText, energyText } from '@/components/charge/charge-text';
import { SessionChart } from '@/components/charge/session-chart';
import { stopReasonText } from '@/components/charge/stop-reason';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { track } from '@/lib/analytics';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';
import { useCloseChargeMutation } from '../api/session-settings';
import { ChargeLoyaltyNote } from './charge-loyalty-note';

type SessionSummaryProps = { charge: Charge; samples: ChargeDetail['samples'] | undefined };

/**
 * A finished session: what it gave and cost. It stays on this screen until the driver closes
 * it (PUT user-closed-status/true); then it lives on in the history.
 */
export function SessionSummary({ charge, samples }: SessionSummaryProps) {
  const { t, i18n } = useTranslation('charging');
  const navigate = useNavigate();
  const format = useFormat();
  const close = useCloseChargeMutation();
  const reason = stopReasonText(t, charge.stopReason);
  // SPEC §1 counter: the funnel's last step, once per session however often it is shown.
  useEffect(() => track('sessionEnded', String(charge.transactionId)), [charge.transactionId]);
  return (
    <section
      className="session-end summary"
      data-testid="session-summary"
      aria-labelledby="summary-title"
    >
      <header className="summary__head">
        <span className="summary__icon" aria-hidden="true">
          <Icon name="checkCircle" size={40} />
        </span>
        <h2 id="summary-title">{t('charging:summary.title')}</h2>
        <p className="muted">
          {charge.station.name} ·{' '}
          {t('charging:switcher.connector', { number: charge.connector.number })}
        </p>
        <p className="muted small">
          <time dateTime={charge.startedAt ?? charge.createdAt} data-testid="summary-when">
            {formatStationTime(
              charge.startedAt ?? charge.createdAt,
              charge.station.utcOffsetMinutes,
              i18n.language,
              'medium',
            )}
          </time>
        </p>
      </header>
      <p className="summary__cost" data-testid="summary-cost">
        {format.money(charge.costMinor, charge.currency)}
      </p>
      <dl className="summary__figures">
        <div data-testid="summary-energy">
          <dt>{t('charging:figures.energy')}</dt>
          <dd>{energyText(t, charge.energyWh, i18n.language)}</dd>
        </div>
        <div data-testid="summary-duration">
          <dt>{t('charging:figures.duration')}</dt>
          <dd>{durationText(t, charge.durationSeconds)}</dd>
        </div>
        {charge.parkingSeconds > 0 && (
          <div data-testid="summary-parking">
            <dt>{t('charging:parking.time')}</dt>
            <dd>
              {durationText(t, charge.parkingSeconds)}
              {charge.parkingCostMinor > 0 && (
                <span className="muted small">
                  {' '}
                  · {format.money(charge.parkingCostMinor, charge.currency)}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {charge.meterNote === 'implausible' && (
        <p className="muted small" data-testid="summary-meter-note">
          {t('charging:history.meterNote.implausible')}
        </p>
      )}
      {charge.loyalty && (
        <ChargeLoyaltyNote loyalty={charge.loyalty} currency={charge.currency} stage="finished" />
      )}
      {reason && (
        <p className="muted small center" data-testid="summary-reason">
          {t('charging:summary.reason', { reason })}
        </p>
      )}
      {samples && samples.length > 1 && (
        <SessionChart
          samples={samples}
          utcOffsetMinutes={charge.station.utcOffsetMinutes}
          testId="summary-chart"
        />
      )}
      {close.isError && (
        <Alert tone="error">
          <p>{errorText(t, close.error)}</p>
        </Alert>
      )}
      <div className="summary__actions">
        <Button
          variant="primary"
          icon="check"
          isLoading={close.isPending}
          onClick={() =>
            close.mutate(charge.transactionId, { onSuccess: () => navigate(paths.history) })
          }
          data-testid="session-close"
        >
          {t('charging:summary.close')}
        </Button>
        <ButtonLink
          to={historyPath(charge.transactionId)}
          variant="secondary"
          icon="document"
          data-testid="summary-details"
        >
          {t('charging:summary.details')}
        </ButtonLink>
      </div>
    </section>
  );
}
