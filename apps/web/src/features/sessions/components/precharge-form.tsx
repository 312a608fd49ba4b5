import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSessionOpen } from '@evcharge/api/sessions/charge-schemas';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { chargingPath } from '@/app/charge-paths';
import { paths, stationPath } from '@/app/paths';
import { canStartOnConnector } from '@/components/charge/charge-rules';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ApiError, errorText } from '@/lib/api-error';
import { latestCar, useCarsQuery } from '@/lib/cars-query';
import { useConnection } from '@/lib/connection';
import { defaultLoyaltyCard, useLoyaltyCardsQuery } from '@/lib/loyalty-query';
import { useCurrentChargesQuery } from '../api/get-charges';
import { usePlanChargeQuery } from '../api/plan-charge';
import { useStartChargeMutation } from '../api/start-charge';
import { checkLimit } from '../model/limit-form';
import { setLimitDraft, useChargingProfile, useLimitDraft } from '../model/precharge-store';
import { useDebounced } from '@/lib/use-debounced';
import { CarPicker } from './car-picker';
import { ChargeEstimate } from './charge-estimate';
import { ConnectorSummary } from './connector-summary';
import { LimitPicker } from './limit-picker';
import { LoyaltyPicker } from './loyalty-picker';
import { ProfileRow } from './profile-row';

type Connector = StationDetail['connectors'][number];

/** The estimate is asked for once the driver pauses typing. */
const ESTIMATE_DELAY_MS = 400;

export function PrechargeForm({ station, connector }: { station: StationDetail; connector: Connector }) {
  const { t } = useTranslation('charging');
  const navigate = useNavigate();
  const draftKey = `${station.id}:${connector.number}`;
  const draft = useLimitDraft(draftKey);
  const profile = useChargingProfile();
  // A roaming partner's station is paid from the wallet in its own currency.
  const currency = station.tariff?.currency ?? station.roaming?.walletCurrency ?? 'rub';
  const [isSubmitted, setSubmitted] = useState(false);
  const check = checkLimit(draft, currency);
  // The car charging: the one updated last unless the driver picks another (or none) here.
  const cars = useCarsQuery();
  const [carChoice, setCarChoice] = useState<string | null | undefined>(undefined);
  const carId = carChoice === undefined ? (latestCar(cars.data ?? [])?.Id ?? null) : carChoice;
  const withCar = carId === null ? {} : { carId };
  // The loyalty card (SPEC §7 Loyalty): the default one unless the driver picks another or none;
  // left out of the requests until then, so the server applies the default itself.
  const loyaltyCards = useLoyaltyCardsQuery();
  const [loyaltyChoice, setLoyaltyChoice] = useState<string | null | undefined>(undefined);
  const loyaltyCardId = loyaltyChoice === undefined ? (defaultLoyaltyCard(loyaltyCards.data ?? [])?.id ?? null) : loyaltyChoice;
  const withLoyalty = loyaltyChoice === undefined ? {} : { loyaltyCardId: loyaltyChoice };

  const settled = useDebounced(draft, ESTIMATE_DELAY_MS);
  const settledCheck = checkLimit(settled, currency);
  // The estimate waits for the cars (a moment), so it is asked once, with the car in it.
  const plan = usePlanChargeQuery(settledCheck.isValid && !cars.isPending ? { connectorId: connector.id, limit: settledCheck.limit, profile, ...withCar, ...withLoyalty } : null);
  const start = useStartChargeMutation();
  const { isOnline } = useConnection();
  const open = (useCurrentChargesQuery().data ?? []).filter((charge) => isSessionOpen(charge.status));

  const isFree = canStartOnConnector(connector);
  const isBlockedByBalance = plan.data?.canStart === false;
  // Format mistakes show while typing; a missing value only once the driver tried to start.
  const error = !check.isValid && (isSubmitted || check.rule !== 'limitValueRequired') ? t(`validation:${check.rule}`) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.isValid) {
      document.querySelector<HTMLInputElement>('[data-testid="limit-value"]')?.focus();
      return;
    }
    start.mutate(
      { connectorId: connector.id, limit: check.limit, profile, ...withCar, ...withLoyalty },
      { onSuccess: (charge) => navigate(chargingPath(charge.transactionId)) },
    );
  }

  return (
    <form className="precharge" onSubmit={submit} noValidate data-testid="precharging-page">
      <ButtonLink to={stationPath(station.id, connector.number)} variant="ghost" icon="arrowLeft" className="charging-back">
        {t('charging:precharging.backToStation')}
      </ButtonLink>
      <header className="precharge__header">
        <h1>{t('charging:precharging.title')}</h1>
        <p className="muted">{t('charging:precharging.subtitle', { station: station.name, number: connector.number })}</p>
      </header>
      <div className="precharge__columns">
        <div className="precharge__column">
          <ConnectorSummary station={station} connector={connector} />
          <LimitPicker draft={draft} currency={currency} error={error} onChange={(next) => setLimitDraft(draftKey, next)} />
          <ProfileRow stationId={station.id} connector={connector} profile={profile} />
          {cars.data && <CarPicker cars={cars.data} carId={carId} onChange={setCarChoice} />}
          {loyaltyCards.data && loyaltyCards.data.length > 0 && (
            <LoyaltyPicker cards={loyaltyCards.data} cardId={loyaltyCardId} onChange={setLoyaltyChoice} />
          )}
        </div>
        <div className="precharge__column precharge__column--side">
          <ChargeEstimate
            plan={check.isValid ? plan.data : undefined}
            isLoading={plan.isFetching || (settledCheck.isValid && cars.isPending)}
            isError={plan.isError}
            isWaiting={!check.isValid}
          />
          {open.length > 0 && (
            <Alert tone="info" testId="precharge-open-session">
              <p>{t('charging:precharging.openSession')}</p>
              <Link to={chargingPath(open[0]!.transactionId)}>{t('charging:precharging.toSession')}</Link>
            </Alert>
          )}
          {!isFree && (
            <Alert tone="warning" testId="precharge-connector-busy">
              <p>{t('charging:precharging.connectorBusy', { status: t(`station:status.${connector.status}`) })}</p>
            </Alert>
          )}
          {start.isError && (
            <Alert tone="error" title={t('charging:precharging.startFailed')} testId="start-error">
              <p data-code={start.error instanceof ApiError ? start.error.code : undefined}>
                {errorText(t, start.error)}
              </p>
              <MoneyWay error={start.error} />
            </Alert>
          )}
          <Button
            type="submit"
            variant="primary"
            icon="bolt"
            block
            className="precharge__start"
            isLoading={start.isPending}
            disabled={!isFree || isBlockedByBalance || !isOnline}
            data-testid="start-charge"
          >
            {start.isPending ? t('charging:precharging.starting') : t('charging:precharging.start')}
          </Button>
          {!isOnline && <p className="needs-connection muted small" role="status" data-testid="start-needs-connection">{t('errors:offline.needsConnection')}</p>}
          {start.isPending && <p className="muted small center" role="status">{t('charging:precharging.startingHint')}</p>}
          <p className="muted small">{t('charging:precharging.meterNote')}</p>
        </div>
      </div>
    </form>
  );
}

/** Where a refused start is fixed: the debt paid, the balance topped up, or a card bound. */
function MoneyWay({ error }: { error: unknown }) {
  const { t } = useTranslation('charging');
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'DEBT_BLOCKS')
    return <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="start-pay-debt">{t('charging:precharging.payDebt')}</ButtonLink>;
  if (code === 'INSUFFICIENT_FUNDS')
    return (
      <div className="precharge__money-way">
        <ButtonLink to={paths.wallet} variant="primary" icon="wallet" data-testid="start-top-up">{t('charging:precharging.topUp')}</ButtonLink>
        <ButtonLink to={paths.cards} icon="card" data-testid="start-bind-card">{t('charging:precharging.bindCard')}</ButtonLink>
      </div>
    );
  if (code === 'CARD_BLOCKED' || (code?.startsWith('ACQ') ?? false))
    return <ButtonLink to={paths.cards} icon="card" data-testid="start-cards">{t('charging:precharging.bindCard')}</ButtonLink>;
  return null;
}
