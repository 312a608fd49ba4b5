import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import { isReservationOpen } from '@evcharge/domain/reservation';
import { historyPath, prechargingPath, reservationPath, receiptPagePath } from '@/app/charge-paths';
import { clockText } from '@/components/charge/charge-text';
import { ReservationStatusBadge } from '@/components/reservation/reservation-status';
import { StationDirections } from '@/components/station/station-directions';
import { stationPeriodText, stationTimeText } from '@/components/station/station-time';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-error';
import { formatRate } from '@/lib/exchange-rate';
import { formatUtcOffset, useFormat } from '@/lib/format';
import { useReservationQuery } from '../api/list-reserves';
import { useNow } from '../model/use-now';
import { CancelDialog } from './cancel-dialog';
import { ConnectorCard } from './connector-card';

/** One reservation (`?id=`): live while it holds, how it ended once it is over. */
export function ReservationView({ id }: { id: string }) {
  const { t } = useTranslation('reserve');
  const query = useReservationQuery(id);

  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.code === 'NOT_FOUND';
    return (
      <div className="reserve reserve--narrow stack" data-testid="reservation-error">
        <h1>{t('reserve:view.title')}</h1>
        <Alert tone={isMissing ? 'warning' : 'error'}><p>{isMissing ? t('reserve:view.notFound') : errorText(t, query.error)}</p></Alert>
        <div className="row">
          {!isMissing && <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>}
          <ButtonLink to={reservationPath()} variant="primary" icon="list">{t('reserve:list.title')}</ButtonLink>
        </div>
      </div>
    );
  }
  return <ReservationDetails reservation={query.data} />;
}

function ReservationDetails({ reservation: r }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation('reserve');
  const format = useFormat();
  const [isCancelling, setCancelling] = useState(false);
  const isOpen = isReservationOpen(r.status);
  const now = useNow(isOpen);
  const target = Date.parse(r.status === 'scheduled' ? r.startsAt : r.endsAt);
  const left = Math.max(0, Math.round((target - now) / 1000));
  const offset = r.utcOffsetMinutes;
  const heading = useRef<HTMLHeadingElement>(null);
  // Confirming on the reserve form (the same route, a new query) took the focused button away:
  // keyboard and screen reader users go on from this screen's heading, not from the page's top.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body)
      heading.current?.focus({ preventScroll: true });
  }, [r.id]);
  return (
    <article className="reserve" data-testid="reservation-view" data-status={r.status} data-reservation-id={r.id}>
      <ButtonLink to={reservationPath()} variant="ghost" icon="arrowLeft" className="reserve__back">{t('reserve:view.back')}</ButtonLink>
      <header className="reserve__header reserve__header--row">
        <h1 ref={heading} tabIndex={-1}>{t('reserve:view.title')}</h1>
        <ReservationStatusBadge status={r.status} testId="reservation-status" />
      </header>
      <div className="reserve__columns">
        <div className="reserve__column">
          <ConnectorCard stationName={r.stationName} address={r.stationAddress} number={r.connectorNumber} socketType={r.socketType} powerKw={r.powerKw}>
            <div className="reserve-when">
              <p className="reserve-when__period" data-testid="reservation-period">{stationPeriodText(r.startsAt, r.endsAt, offset, i18n.language)}</p>
              <p className="muted small">{t('reserve:view.stationTime', { offset: formatUtcOffset(offset) })}</p>
            </div>
            {isOpen && (
              <div className="reserve-countdown" data-testid="reservation-countdown" role="timer" aria-live="off">
                <span className="reserve-countdown__label">{r.status === 'scheduled' ? t('reserve:view.beginsIn') : t('reserve:view.endsIn')}</span>
                <span className="reserve-countdown__clock">{clockText(left)}</span>
              </div>
            )}
          </ConnectorCard>
          {isOpen && (
            <Alert tone="info" testId="reservation-note">
              <p>
                {r.status === 'scheduled'
                  ? t('reserve:view.scheduledNote', { time: stationTimeText(r.startsAt, offset, i18n.language) })
                  : t('reserve:view.activeNote', { time: stationTimeText(r.endsAt, offset, i18n.language) })}
              </p>
            </Alert>
          )}
          {!isOpen && <ReservationEnd reservation={r} />}
        </div>
        <div className="reserve__column reserve__column--side">
          <Card title={isOpen ? t('reserve:view.costSoFar') : t('reserve:view.cost')} testId="reservation-cost">
            <p className="reserve-cost__total" data-testid="reservation-cost-total">{format.money(r.costMinor, r.currency)}</p>
            <p className="muted small">
              {t('reserve:view.costParts', {
                fixed: format.money(r.begunAt ? r.fixedCostMinor : 0, r.currency),
                minutes: r.idleMinutes,
                price: format.money(r.idleMinuteCostMinor, r.currency),
              })}
            </p>
            {r.exchange && (
              <p className="muted small" data-testid="reservation-exchange">
                {t('reserve:view.exchange', {
                  price: format.money(r.exchange.costMinor, r.exchange.currency),
                  paid: format.money(r.costMinor, r.currency),
                  rate: formatRate(r.exchange.rate, r.exchange.currency, r.currency, format.language),
                })}
              </p>
            )}
            <p className="muted small">{t('reserve:view.paidWith', { how: t(`reserve:terms.payWithOptions.${r.payWith}`) })}</p>
            {r.receiptId && (
              <Link to={receiptPagePath(r.receiptId)} className="reserve__receipt" data-testid="reservation-receipt">{t('reserve:view.receipt')}</Link>
            )}
          </Card>
          {isOpen && (
            <div className="reserve__actions">
              {r.status === 'active' && (
                <ButtonLink to={prechargingPath(r.stationId, r.connectorNumber)} variant="primary" icon="bolt" block className="reserve__confirm" data-testid="reservation-start">
                  {t('reserve:view.start')}
                </ButtonLink>
              )}
              <Button variant="secondary" icon="close" block onClick={() => setCancelling(true)} data-testid="reservation-cancel">
                {t('reserve:view.cancel')}
              </Button>
            </div>
          )}
          <StationDirections station={{ lat: r.lat, lng: r.lng, name: r.stationName }} />
        </div>
      </div>
      {isOpen && <CancelDialog reservation={r} open={isCancelling} onClose={() => setCancelling(false)} />}
    </article>
  );
}

/** How a past reservation ended, and where it led. */
function ReservationEnd({ reservation: r }: { reservation: Reservation }) {
  const { t } = useTranslation('reserve');
  if (r.status === 'completed')
    return (
      <Alert tone="success" testId="reservation-ended">
        <p>{t('reserve:ended.completed')}</p>
        {r.transactionId !== null && <Link to={historyPath(r.transactionId)} data-testid="reservation-session">{t('reserve:ended.toSession')}</Link>}
      </Alert>
    );
  if (r.status === 'failed')
    return (
      <Alert tone="warning" testId="reservation-ended">
        <p>{r.failReason ? t(`errors:reservationFailed.${r.failReason}`) : t('reserve:ended.failed')}</p>
        <p>{t('reserve:ended.notCharged')}</p>
      </Alert>
    );
  return (
    <Alert tone="info" testId="reservation-ended">
      <p>{r.status === 'cancelled' ? t('reserve:ended.cancelled') : t('reserve:ended.expired')}</p>
    </Alert>
  );
}
