import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useBalanceQuery, useCardsQuery } from '@/lib/money-query';
import { usePayDebtMutation } from '../api/pay-debt';
import { debtOf } from '../model/balance';
import { outcomeOf } from '../model/payment-outcome';
import { paymentPaths } from '../model/payment-paths';
import { DebtPayForm } from './debt-pay-form';
import './payments.css';
import './wallet.css';

const noDebtCode: string = 'NO_DEBT';

/** The start is unblocked: where the driver most likely wants to go next. */
function DebtPaid() {
  const { t } = useTranslation('payments');
  return (
    <section className="money-state" role="status" data-testid="debt-paid">
      <span className="money-state__icon money-state__icon--success" aria-hidden="true"><Icon name="checkCircle" size={36} /></span>
      <h2>{t('payments:debt.paidTitle')}</h2>
      <p>{t('payments:debt.paidText')}</p>
      <div className="money-state__actions">
        <ButtonLink to={paths.home} variant="primary" icon="map" data-testid="debt-to-map">{t('payments:toMap')}</ButtonLink>
        <ButtonLink to={paths.charging} variant="secondary" icon="bolt">{t('payments:toCharging')}</ButtonLink>
      </div>
    </section>
  );
}

/** debt: what is owed, why it blocks a start (SPEC §8), and paying all of it by card. */
export function DebtPage() {
  const { t } = useTranslation('payments');
  const balance = useBalanceQuery();
  const cards = useCardsQuery();
  const pay = usePayDebtMutation();
  useDocumentTitle(t('payments:debt.title'));
  const debtMinor = balance.data ? debtOf(balance.data) : 0;
  const isPaid = pay.data !== undefined && outcomeOf(pay.data) === 'succeeded';
  // Paid meanwhile (another device, the acquirer's late callback): nothing is left to pay.
  const isGone = pay.error instanceof ApiError && pay.error.code === noDebtCode;

  return (
    <div className="money money--narrow" data-testid="debt-page">
      <header className="money__header">
        <h1>{t('payments:debt.title')}</h1>
      </header>
      {balance.isPending && <Spinner label={t('common:loading')} />}
      {balance.isError && (
        <div className="stack">
          <Alert tone="error" testId="debt-error"><p>{errorText(t, balance.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void balance.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {isPaid && <DebtPaid />}
      {!isPaid && balance.data && (debtMinor === 0 || isGone) && (
        <section className="money-state" data-testid="debt-none">
          <span className="money-state__icon money-state__icon--success" aria-hidden="true"><Icon name="checkCircle" size={36} /></span>
          <h2>{t('payments:debt.noneTitle')}</h2>
          <p className="muted">{t('payments:debt.noneText')}</p>
          <div className="money-state__actions">
            <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>
            <ButtonLink to={paths.home} variant="primary" icon="map">{t('payments:toMap')}</ButtonLink>
          </div>
        </section>
      )}
      {!isPaid && !isGone && balance.data && debtMinor > 0 && (
        <DebtPayForm balance={balance.data} debtMinor={debtMinor} cards={cards.data ?? []} pay={pay} />
      )}
    </div>
  );
}
