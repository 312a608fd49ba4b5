import { useTranslation } from 'react-i18next';
import type { Currency } from '@evcharge/domain/currency';
import { paths } from '@/app/paths';
import { isRefusingLabel, labelRefusalCode, type RefusingLabel } from '@/components/station/label-refusal';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { useFormat } from '@/lib/format';

type Blocked = 'closed' | RefusingLabel | 'debt' | 'funds' | 'cardBlocked';

type ReserveBlockedProps = { blockedBy: Blocked; balanceMinor: number; minBalanceMinor: number; currency: Currency };

/**
 * SPEC §5, §8: a reservation is refused for what refuses a start. The same words as the
 * start screen, with the way out: another station, the debt, a top-up, the cards.
 */
export function ReserveBlocked({ blockedBy, balanceMinor, minBalanceMinor, currency }: ReserveBlockedProps) {
  const { t } = useTranslation('reserve');
  const format = useFormat();
  if (blockedBy === 'closed')
    return (
      <Alert tone="warning" title={t('errors:stationClosedNoHours')} testId="reserve-blocked-closed">
        <ButtonLink to={paths.home} icon="map">{t('charging:precharging.otherStation')}</ButtonLink>
      </Alert>
    );
  if (isRefusingLabel(blockedBy))
    return (
      <Alert tone="warning" title={t(`errors:${labelRefusalCode[blockedBy]}`)} testId="reserve-blocked-label">
        <ButtonLink to={paths.home} icon="map">{t('charging:precharging.otherStation')}</ButtonLink>
      </Alert>
    );
  if (blockedBy === 'debt')
    return (
      <Alert tone="warning" title={t('charging:estimate.debtTitle')} testId="reserve-blocked-debt">
        <p>{t('errors:DEBT_BLOCKS')}</p>
        <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="reserve-pay-debt">{t('charging:precharging.payDebt')}</ButtonLink>
      </Alert>
    );
  if (blockedBy === 'cardBlocked')
    return (
      <Alert tone="warning" title={t('errors:CARD_BLOCKED')} testId="reserve-blocked-card">
        <ButtonLink to={paths.cards} icon="card" data-testid="reserve-cards">{t('charging:precharging.bindCard')}</ButtonLink>
      </Alert>
    );
  return (
    <Alert tone="warning" title={t('reserve:blocked.fundsTitle')} testId="reserve-blocked-funds">
      <p>{t('reserve:blocked.funds', { min: format.money(minBalanceMinor, currency), balance: format.money(balanceMinor, currency) })}</p>
      <div className="reserve__money-way">
        <ButtonLink to={paths.wallet} variant="primary" icon="wallet" data-testid="reserve-top-up">{t('charging:precharging.topUp')}</ButtonLink>
        <ButtonLink to={paths.cards} icon="card" data-testid="reserve-bind-card">{t('charging:precharging.bindCard')}</ButtonLink>
      </div>
    </Alert>
  );
}

/** Where a refused create is fixed: the debt paid, the balance topped up, or a card bound. */
export function ReserveMoneyWay({ code }: { code: string | undefined }) {
  const { t } = useTranslation('reserve');
  if (code === 'DEBT_BLOCKS')
    return <ButtonLink to={paths.debt} variant="primary" icon="wallet" data-testid="reserve-error-pay-debt">{t('charging:precharging.payDebt')}</ButtonLink>;
  if (code === 'INSUFFICIENT_FUNDS')
    return (
      <div className="reserve__money-way">
        <ButtonLink to={paths.wallet} variant="primary" icon="wallet" data-testid="reserve-error-top-up">{t('charging:precharging.topUp')}</ButtonLink>
        <ButtonLink to={paths.cards} icon="card">{t('charging:precharging.bindCard')}</ButtonLink>
      </div>
    );
  if (code === 'CARD_BLOCKED' || (code?.startsWith('ACQ') ?? false))
    return <ButtonLink to={paths.cards} icon="card" data-testid="reserve-error-cards">{t('charging:precharging.bindCard')}</ButtonLink>;
  return null;
}
