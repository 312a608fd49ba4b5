import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { paths } from '@/app/paths';
import { durationText, energyText, powerKwText } from '@/components/charge/charge-text';
import { isRefusingLabel, labelRefusalCode } from '@/components/station/label-refusal';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatRate } from '@/lib/exchange-rate';
import { useFormat } from '@/lib/format';
import type { usePlanChargeQuery } from '../api/plan-charge';
import { ChargeLoyaltyNote } from './charge-loyalty-note';

type Plan = NonNullable<ReturnType<typeof usePlanChargeQuery>['data']>;

type ChargeEstimateProps = { plan: Plan | undefined; isLoading: boolean; isError: boolean; isWaiting: boolean };

/**
 * POST /charge/plan for the limit typed: what the session should take and cost. An estimate
 * (the meter decides), so a figure the server cannot tell stays a dash, not a guess.
 */
export function ChargeEstimate({ plan, isLoading, isError, isWaiting }: ChargeEstimateProps) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  return (
    <Card title={t('charging:estimate.title')} testId="charge-estimate" className="estimate">
      {isWaiting && !plan && <p className="muted small">{t('charging:estimate.waiting')}</p>}
      {isLoading && !plan && <Spinner label={t('charging:estimate.loading')} />}
      {isError && !plan && <p className="muted small" data-testid="estimate-unavailable">{t('charging:estimate.unavailable')}</p>}
      {plan && (
        <>
          {plan.energyWh === null && plan.minutes === null && plan.costMinor === null
            ? <p className="estimate__open" data-testid="estimate-open">{t('charging:estimate.open')}</p>
            : <EstimateFigures plan={plan} isBusy={isLoading} />}
          {plan.exchange && (
            <p className="estimate__exchange small" data-testid="estimate-exchange">
              {exchangeText(t, format, plan, plan.exchange)}
            </p>
          )}
          {plan.loyalty && <ChargeLoyaltyNote loyalty={plan.loyalty} currency={plan.currency} stage="estimate" />}
          <p className="muted small">
            {t('charging:estimate.power', { power: powerKwText(t, plan.powerW, i18n.language) })}
            {(plan.energyWh === null) !== (plan.minutes === null) && ` ${t('charging:estimate.dependsOnCar')}`}
          </p>
          {plan.payWith === 'card' && plan.cardHoldMinor !== null && (
            <p className="muted small" data-testid="card-hold-note">
              {t('charging:estimate.cardHold', { hold: format.money(plan.cardHoldMinor, plan.currency) })}
            </p>
          )}
          {!plan.canStart && <StartBlocked plan={plan} />}
        </>
      )}
    </Card>
  );
}

/**
 * SPEC §3 currencies: the station prices in another currency than the wallet that pays: the
 * estimate in both and the brand's rate ("$4.00 ≈ ₽364.80 from your balance at ₽91.20/$").
 */
function exchangeText(
  t: TFunction,
  format: ReturnType<typeof useFormat>,
  plan: Plan,
  exchange: NonNullable<Plan['exchange']>,
): string {
  const rate = formatRate(exchange.rate, exchange.currency, plan.currency, format.language);
  if (exchange.costMinor === null || plan.costMinor === null)
    return t('charging:estimate.exchangeRate', { currency: exchange.currency.toUpperCase(), rate });
  return t(plan.payWith === 'company' ? 'charging:estimate.exchangeCompany' : 'charging:estimate.exchange', {
    price: format.money(exchange.costMinor, exchange.currency),
    paid: format.money(plan.costMinor, plan.currency),
    rate,
  });
}

/** Why the start would be refused, and where that is fixed. */
function StartBlocked({ plan }: { plan: Plan }) {
  const { t } = useTranslation('charging');
  const format = useFormat();
  if (plan.blockedBy === 'closed')
    return (
      <Alert tone="warning" title={plan.opensAt === null ? t('errors:stationClosedNoHours') : t('errors:STATION_CLOSED', { time: plan.opensAt })} testId="closed-notice">
        <ButtonLink to={paths.home} icon="map">{t('charging:precharging.otherStation')}</ButtonLink>
      </Alert>
    );
  if (isRefusingLabel(plan.blockedBy))
    return (
      <Alert tone="warning" title={t(`errors:${labelRefusalCode[plan.blockedBy]}`)} testId="station-label-notice">
        <ButtonLink to={paths.home} icon="map">{t('charging:precharging.otherStation')}</ButtonLink>
      </Alert>
    );
  if (plan.blockedBy === 'debt')
    return (
      <Alert tone="warning" title={t('charging:estimate.debtTitle')} testId="debt-notice">
        <p>{t('charging:estimate.debt', { debt: format.money(-plan.balanceMinor, plan.balanceCurrency) })}</p>
        <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="estimate-pay-debt">{t('charging:precharging.payDebt')}</ButtonLink>
      </Alert>
    );
  if (plan.blockedBy === 'cardBlocked')
    return (
      <Alert tone="warning" title={t('errors:CARD_BLOCKED')} testId="card-blocked-notice">
        <ButtonLink to={paths.cards} icon="card">{t('charging:precharging.bindCard')}</ButtonLink>
      </Alert>
    );
  return (
    <Alert tone="warning" title={t('charging:estimate.minBalanceTitle')} testId="min-balance-notice">
      <p>
        {t('charging:estimate.minBalance', {
          min: format.money(plan.minBalanceMinor, plan.balanceCurrency),
          balance: format.money(plan.balanceMinor, plan.balanceCurrency),
        })}
      </p>
      <div className="precharge__money-way">
        <ButtonLink to={paths.wallet} variant="primary" icon="wallet" data-testid="estimate-top-up">{t('charging:precharging.topUp')}</ButtonLink>
        <ButtonLink to={paths.cards} icon="card" data-testid="estimate-bind-card">{t('charging:precharging.bindCard')}</ButtonLink>
      </div>
    </Alert>
  );
}

/** Energy, time and cost side by side; a figure the server cannot tell is a dash. */
function EstimateFigures({ plan, isBusy }: { plan: Plan; isBusy: boolean }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const dash = '—';
  return (
    <dl className="estimate__figures" aria-busy={isBusy || undefined}>
      <div data-testid="estimate-energy">
        <dt>{t('charging:estimate.energy')}</dt>
        <dd>{plan.energyWh === null ? dash : energyText(t, plan.energyWh, i18n.language)}</dd>
      </div>
      <div data-testid="estimate-time">
        <dt>{t('charging:estimate.time')}</dt>
        <dd>{plan.minutes === null ? dash : durationText(t, plan.minutes * 60)}</dd>
      </div>
      <div data-testid="estimate-cost">
        <dt>{t('charging:estimate.cost')}</dt>
        <dd>{plan.costMinor === null ? dash : format.money(plan.costMinor, plan.currency)}</dd>
      </div>
    </dl>
  );
}
