import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { writeFromClient } from '@/lib/storage';
import { usePaymentQuery } from '../api/get-payment';
import { paymentPaths } from '../model/payment-paths';
import { PaymentOutcomeView } from './payment-outcome-view';
import './payments.css';

function Checking() {
  const { t } = useTranslation('payments');
  return (
    <section className="money-state" role="status" aria-busy="true" data-testid="redirect-checking">
      <span className="money-state__spinner" aria-hidden="true" />
      <h1>{t('payments:redirect.checkingTitle')}</h1>
      <p className="muted">{t('payments:redirect.checkingText')}</p>
    </section>
  );
}

/** The bank is still deciding: the page keeps asking for a while, then lets the driver ask. */
function StillPending({ onCheck, isChecking }: { onCheck: () => void; isChecking: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <section className="money-state" role="status" data-testid="redirect-pending">
      <span className="money-state__icon" aria-hidden="true"><Icon name="clock" size={36} /></span>
      <h1>{t('payments:redirect.pendingTitle')}</h1>
      <p className="muted">{t('payments:redirect.pendingText')}</p>
      <div className="money-state__actions">
        <Button variant="primary" icon="refresh" isLoading={isChecking} onClick={onCheck} data-testid="redirect-check">{t('payments:redirect.checkAgain')}</Button>
        <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>
      </div>
    </section>
  );
}

/**
 * /cardredirect?operation=<id> after binding a card and /callback?operation=<id> after a payment
 * by a card typed on the bank's page (a top-up, the debt, a shop order): SPEC §2, public, the
 * acquirer sends the driver back here. Asking for the operation settles it with the acquirer
 * (as its notification does, whichever comes first); while the bank still decides, the page
 * asks again every 1.5 s for about 20 s, then lets the driver ask.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation(['payments', 'errors']);
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const session = useSession();
  const id = params.get('operation') ?? '';
  const { payment, isWaiting } = usePaymentQuery(id, session !== null && id !== '');
  useDocumentTitle(t('payments:redirect.title'));

  if (!id) {
    return (
      <section className="money-state" data-testid="redirect-no-operation">
        <span className="money-state__icon money-state__icon--error" aria-hidden="true"><Icon name="alert" size={36} /></span>
        <h1>{t('payments:redirect.title')}</h1>
        <p className="muted">{t('payments:redirect.noOperation')}</p>
        <div className="money-state__actions">
          <ButtonLink to={paymentPaths.cards} variant="primary" icon="card">{t('payments:toCards')}</ButtonLink>
          <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>
        </div>
      </section>
    );
  }
  if (!session) {
    return (
      <section className="money-state" data-testid="redirect-sign-in">
        <span className="money-state__icon" aria-hidden="true"><Icon name="login" size={36} /></span>
        <h1>{t('payments:redirect.signInTitle')}</h1>
        <p className="muted">{t('payments:redirect.signInText')}</p>
        <div className="money-state__actions">
          {/* SPEC §4: the page is remembered as fromClient, so signing in comes back here. */}
          <ButtonLink to={paths.login} variant="primary" icon="login" onClick={() => writeFromClient(pathname + search)} data-testid="redirect-sign-in-link">
            {t('common:signIn')}
          </ButtonLink>
        </div>
      </section>
    );
  }
  if (payment.isError) {
    return (
      <section className="money-state" data-testid="redirect-error">
        <span className="money-state__icon money-state__icon--error" aria-hidden="true"><Icon name="alert" size={36} /></span>
        <h1>{t('payments:redirect.title')}</h1>
        <Alert tone="error"><p>{errorText(t, payment.error)}</p></Alert>
        <div className="money-state__actions">
          <Button variant="primary" icon="refresh" isLoading={payment.isFetching} onClick={() => void payment.refetch()}>{t('common:retry')}</Button>
          <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>
        </div>
      </section>
    );
  }
  const result = payment.data;
  if (!result || (result.status === 'pending' && isWaiting)) return <Checking />;
  if (result.status === 'pending') {
    return <StillPending isChecking={payment.isFetching} onCheck={() => void payment.refetch()} />;
  }
  return <PaymentOutcomeView result={result} />;
}
