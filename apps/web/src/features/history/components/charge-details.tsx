import { useTranslation } from 'react-i18next';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { isSessionOpen } from '@evcharge/api/sessions/charge-schemas';
import { chargingPath, supportChatPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { durationText, energyText } from '@/components/charge/charge-text';
import { CostItems } from '@/components/charge/cost-items';
import { SessionChart } from '@/components/charge/session-chart';
import { SessionStatusBadge } from '@/components/charge/session-status';
import { stopReasonText } from '@/components/charge/stop-reason';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';
import { useChargeDetailQuery } from '../api/list-charges';

/** One session in full (GET /charge/id/{id}): figures, cost items, the chart, why it ended. */
export function ChargeDetails({ transactionId }: { transactionId: number }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const query = useChargeDetailQuery(transactionId);
  const back = (
    <ButtonLink
      to={paths.history}
      variant="ghost"
      icon="arrowLeft"
      className="charging-back"
      data-testid="details-back"
    >
      {t('charging:history.back')}
    </ButtonLink>
  );
  if (query.isPending)
    return (
      <div className="history">
        {back}
        <Spinner label={t('common:loading')} />
      </div>
    );
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="history stack" data-testid="details-error">
        {back}
        <Alert tone={isMissing ? 'warning' : 'error'}>
          <p>{isMissing ? t('charging:history.notFound') : errorText(t, query.error)}</p>
        </Alert>
        {!isMissing && (
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        )}
      </div>
    );
  }
  const charge = query.data;
  const when = charge.startedAt ?? charge.createdAt;
  const reason = stopReasonText(t, charge.stopReason);
  return (
    <article
      className="history details"
      data-testid="charge-details"
      data-transaction-id={charge.transactionId}
    >
      {back}
      <header className="details__header">
        <SessionStatusBadge status={charge.status} testId="details-status" />
        <h1>{charge.station.name}</h1>
        <p className="muted">
          <time dateTime={when} data-testid="details-when">
            {formatStationTime(when, charge.station.utcOffsetMinutes, i18n.language, 'long')}
          </time>
          {' · '}
          {t('charging:switcher.connector', { number: charge.connector.number })},{' '}
          {socketTypeLabel(charge.connector.socketType)}
        </p>
        {isSessionOpen(charge.status) && (
          <ButtonLink to={chargingPath(charge.transactionId)} variant="primary" icon="bolt">
            {t('charging:history.openLive')}
          </ButtonLink>
        )}
      </header>
      <div className="details__columns">
        <div className="details__column">
          <dl className="details__figures">
            <div data-testid="details-energy">
              <dt>{t('charging:figures.energy')}</dt>
              <dd>{energyText(t, charge.energyWh, i18n.language)}</dd>
            </div>
            <div data-testid="details-duration">
              <dt>{t('charging:figures.duration')}</dt>
              <dd>{durationText(t, charge.durationSeconds)}</dd>
            </div>
            <div data-testid="details-cost">
              <dt>{t('charging:estimate.cost')}</dt>
              <dd>{format.money(charge.costMinor, charge.currency)}</dd>
            </div>
            <div data-testid="details-parking">
              <dt>{t('charging:parking.time')}</dt>
              <dd>
                {charge.parkingSeconds > 0
                  ? durationText(t, charge.parkingSeconds)
                  : t('charging:history.noParking')}
              </dd>
            </div>
          </dl>
          <Card title={t('charging:history.costTitle')} testId="details-cost-card">
            <CostItems
              items={charge.costItems}
              totalMinor={charge.costMinor}
              currency={charge.currency}
            />
          </Card>
          {reason && (
            <p className="muted" data-testid="details-reason">
              {t('charging:summary.reason', { reason })}
            </p>
          )}
          {charge.meterNote && (
            <p className="muted" data-testid="details-meter-note">
              {t(`charging:history.meterNote.${charge.meterNote}`)}
            </p>
          )}
          {/* SPEC §2 chat: a question about this session goes to support with the session attached. */}
          <ButtonLink
            to={supportChatPath(charge.transactionId)}
            variant="secondary"
            icon="support"
            data-testid="support-link"
          >
            {t('charging:support.write')}
          </ButtonLink>
        </div>
        <div className="details__column">
          <Card title={t('charging:chart.title')} testId="details-chart-card">
            <SessionChart
              samples={charge.samples}
              utcOffsetMinutes={charge.station.utcOffsetMinutes}
              testId="details-chart"
            />
          </Card>
        </div>
      </div>
    </article>
  );
}
