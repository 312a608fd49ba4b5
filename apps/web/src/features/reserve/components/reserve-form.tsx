import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContractResponse } from '@evcharge/api/contract';
import type { connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { reservationMaxCostMinor, type ReservationMode } from '@evcharge/domain/reservation';
import { reservationPath } from '@/app/charge-paths';
import { stationPath } from '@/app/paths';
import { canReserve } from '@/components/charge/charge-rules';
import { stationTimeText } from '@/components/station/station-time';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConnection } from '@/lib/connection';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { ApiError } from '@/lib/api-error';
import { useCreateReserveMutation } from '../api/create-reserve';
import { reserveErrorText } from '../model/reserve-error';
import { checkPeriod, defaultDraft, draftPeriod, type PeriodDraft } from '../model/period';
import { ConnectorCard } from './connector-card';
import { PeriodPicker } from './period-picker';
import { ReserveBlocked, ReserveMoneyWay } from './reserve-blocked';
import { ReserveTerms } from './reserve-terms';

type Connector = StationDetail['connectors'][number];
type Answer = ContractResponse<typeof connectorReserveNowV2>;
type Field = 'startsAt' | 'endsAt';

/** The server's SPEC §5 answer on a field (VALIDATION_FAILED), shown where the driver's own check shows. */
function serverFieldRule(error: unknown, field: Field): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return undefined;
  return error.fields.find((f) => f.path === field || f.path.endsWith(`.${field}`))?.rule;
}

export function ReserveForm({
  station,
  connector,
  answer,
}: {
  station: StationDetail;
  connector: Connector;
  answer: Answer;
}) {
  const { t, i18n } = useTranslation('reserve');
  const navigate = useNavigate();
  const { quote, taken } = answer;
  const offset = station.utcOffsetMinutes;
  const [mode, setMode] = useState<ReservationMode>('quick');
  const [draft, setDraft] = useState<PeriodDraft>(() =>
    defaultDraft(new Date(), offset, quote.stepMinutes, quote.maxPeriodMinutes),
  );
  const create = useCreateReserveMutation(station.id);
  // The server pays or reserves: offline the button waits, saying why (SPEC §2).
  const { isOnline } = useConnection();

  const isPeriod = mode === 'period' && quote.supportsPeriod;
  const now = new Date();
  const period = draftPeriod(draft, offset);
  const problem = isPeriod ? checkPeriod(period, station, taken, now) : undefined;
  const ruleText = (rule: string) =>
    rule === 'booked' ? t('errors:STATION_BOOKED') : t(`validation:${rule}`);
  const fieldText = (field: Field) => {
    if (problem) return problem.field === field ? ruleText(problem.rule) : undefined;
    const rule = create.isError ? serverFieldRule(create.error, field) : undefined;
    return rule ? ruleText(rule) : undefined;
  };
  const hasFieldError =
    create.isError &&
    (serverFieldRule(create.error, 'startsAt') ?? serverFieldRule(create.error, 'endsAt')) !==
      undefined;

  // Held by someone else now, or not free: only a later period can be reserved.
  const isHeldNow = answer.state === 'taken' || !canReserve(connector);
  // A closed station refuses the quick one; a chosen period is checked against the hours.
  const blockedBy = quote.blockedBy === 'closed' && isPeriod ? null : quote.blockedBy;
  const price = {
    fixedCostMinor: quote.fixedCostMinor,
    idleMinuteCostMinor: quote.idleMinuteCostMinor,
  };
  const maxCostMinor =
    isPeriod && !problem ? reservationMaxCostMinor(price, period) : quote.quickMaxCostMinor;
  // SPEC §3 currencies: the same most in the station's own currency, when the wallet pays at a rate.
  const exchange = quote.exchange && {
    ...quote.exchange,
    maxCostMinor:
      isPeriod && !problem
        ? reservationMaxCostMinor(quote.exchange, period)
        : quote.exchange.quickMaxCostMinor,
  };
  const canConfirm = blockedBy === null && (isPeriod ? problem === undefined : !isHeldNow);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canConfirm) return;
    const body = isPeriod
      ? {
          connectorId: connector.id,
          mode: 'period' as const,
          startsAt: period.startsAt.toISOString(),
          endsAt: period.endsAt.toISOString(),
        }
      : { connectorId: connector.id, mode: 'quick' as const };
    create.mutate(body, { onSuccess: (reservation) => navigate(reservationPath(reservation.id)) });
  }

  const code = create.error instanceof ApiError ? create.error.code : undefined;
  return (
    <form className="reserve" onSubmit={submit} noValidate data-testid="reserve-form">
      <ButtonLink
        to={stationPath(station.id, connector.number)}
        variant="ghost"
        icon="arrowLeft"
        className="reserve__back"
      >
        {t('reserve:form.backToStation')}
      </ButtonLink>
      <header className="reserve__header">
        <h1>{t('reserve:form.title')}</h1>
        <p className="muted">
          {t('reserve:form.subtitle', { station: station.name, number: connector.number })}
        </p>
      </header>
      <div className="reserve__columns">
        <div className="reserve__column">
          <ConnectorCard
            stationName={station.name}
            address={station.address}
            number={connector.number}
            socketType={connector.socketType}
            powerKw={connector.powerKw}
          />
          {quote.supportsPeriod && (
            <SegmentedChoice
              legend={t('reserve:mode.legend')}
              name="reserve-mode"
              value={mode}
              onChange={setMode}
              testId="reserve-mode"
              options={[
                {
                  value: 'quick',
                  label: t('reserve:mode.quick', { minutes: quote.quickMinutes }),
                  testId: 'reserve-mode-quick',
                },
                { value: 'period', label: t('reserve:mode.period'), testId: 'reserve-mode-period' },
              ]}
            />
          )}
          {isPeriod ? (
            <PeriodPicker
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                if (hasFieldError) create.reset();
              }}
              utcOffsetMinutes={offset}
              stepMinutes={quote.stepMinutes}
              horizonDays={quote.horizonDays}
              quickMinutes={quote.quickMinutes}
              maxPeriodMinutes={quote.maxPeriodMinutes}
              taken={taken}
              now={now}
              startError={fieldText('startsAt')}
              endError={fieldText('endsAt')}
            />
          ) : (
            <p className="reserve__quick-note" data-testid="reserve-quick-note">
              {t('reserve:mode.quickNote', { minutes: quote.quickMinutes })}
            </p>
          )}
          {!isPeriod && isHeldNow && (
            <Alert tone="warning" testId="reserve-held-now">
              <p>
                {answer.state === 'taken' && answer.takenUntil
                  ? t('station:reserve.until', {
                      time: stationTimeText(answer.takenUntil, offset, i18n.language),
                    })
                  : t('reserve:form.notFree', { status: t(`station:status.${connector.status}`) })}
              </p>
              {quote.supportsPeriod && <p>{t('reserve:form.laterPeriod')}</p>}
            </Alert>
          )}
        </div>
        <div className="reserve__column reserve__column--side">
          <ReserveTerms
            fixedCostMinor={quote.fixedCostMinor}
            idleMinuteCostMinor={quote.idleMinuteCostMinor}
            maxCostMinor={maxCostMinor}
            currency={quote.currency}
            payWith={quote.payWith}
            isQuick={!isPeriod}
            exchange={exchange}
          />
          {blockedBy && (
            <ReserveBlocked
              blockedBy={blockedBy}
              balanceMinor={quote.balanceMinor}
              minBalanceMinor={quote.minBalanceMinor}
              currency={quote.balanceCurrency}
            />
          )}
          {create.isError && !hasFieldError && (
            <Alert tone="error" title={t('reserve:form.failed')} testId="reserve-error">
              <p data-code={code}>{reserveErrorText(t, create.error)}</p>
              <ReserveMoneyWay code={code} />
            </Alert>
          )}
          <Button
            type="submit"
            variant="primary"
            icon="calendar"
            block
            className="reserve__confirm"
            isLoading={create.isPending}
            disabled={!canConfirm || !isOnline}
            data-testid="reserve-confirm"
          >
            {create.isPending
              ? t('reserve:form.confirming')
              : isPeriod
                ? t('reserve:form.confirmPeriod')
                : t('reserve:form.confirmQuick', { minutes: quote.quickMinutes })}
          </Button>
          {!isOnline && (
            <p
              className="needs-connection muted small"
              role="status"
              data-testid="needs-connection"
            >
              {t('errors:offline.needsConnection')}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
