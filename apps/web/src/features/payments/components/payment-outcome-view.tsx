import { useTranslation } from 'react-i18next';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { brandName } from '@/lib/card-name';
import { declineText, outcomeOf } from '../model/payment-outcome';
import { paymentPaths, receiptPath, shopOrderPath } from '../model/payment-paths';

type OrderType = PaymentResult['orderType'];

/** Where to try again after a failure, and where to go on after a success. */
const retryPath: Record<OrderType, string> = {
  CardBinding: paymentPaths.cards,
  TopUpBalance: paymentPaths.wallet,
  PayDebt: paymentPaths.debt,
  SessionPayment: paths.charging,
  ReservationPayment: paths.reserve,
  Refund: paymentPaths.wallet,
  // The cart is kept until its order is paid: trying again is paying it another way.
  ShopOrder: paymentPaths.shopCart,
};

function successText(t: ReturnType<typeof useTranslation>['t'], result: PaymentResult, amount: string): string {
  if (result.orderType === 'CardBinding') {
    return result.card ? t('payments:redirect.cardBoundText', { brand: brandName(result.card.brand), last4: result.card.last4 }) : t('payments:redirect.cardBoundTitle');
  }
  if (result.orderType === 'TopUpBalance') return t('payments:topUp.success', { amount });
  if (result.orderType === 'PayDebt') return t('payments:debt.paidText');
  if (result.orderType === 'ShopOrder') return t('payments:redirect.orderPaidText', { amount });
  return t('payments:redirect.paidText', { amount });
}

/** The end of a trip to the bank: what happened, in words, and the sensible next steps. */
export function PaymentOutcomeView({ result }: { result: PaymentResult }) {
  const { t } = useTranslation(['payments', 'errors']);
  const format = useFormat();
  const amount = format.money(result.amountMinor, result.currency);
  const type = result.orderType;
  if (outcomeOf(result) === 'failed') {
    return (
      <section className="money-state" role="alert" data-testid="redirect-failed">
        <span className="money-state__icon money-state__icon--error" aria-hidden="true"><Icon name="alert" size={36} /></span>
        <h1>{t(`payments:redirect.failedTitle.${type}`)}</h1>
        <p data-testid="redirect-reason" data-code={result.errorCode ?? undefined}>{declineText(t, result.errorCode)}</p>
        <div className="money-state__actions">
          <ButtonLink to={retryPath[type]} variant="primary" icon="refresh" data-testid="redirect-retry">{t('payments:redirect.tryAgain')}</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary" icon="map">{t('payments:toMap')}</ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className="money-state" role="status" data-testid="redirect-success">
      <span className="money-state__icon money-state__icon--success" aria-hidden="true"><Icon name="checkCircle" size={36} /></span>
      <h1>{t(`payments:redirect.successTitle.${type}`)}</h1>
      <p data-testid="redirect-text">{successText(t, result, amount)}</p>
      <div className="money-state__actions">
        {type === 'CardBinding' && <ButtonLink to={paymentPaths.cards} variant="primary" icon="card">{t('payments:toCards')}</ButtonLink>}
        {type === 'PayDebt' && <ButtonLink to={paths.home} variant="primary" icon="map" data-testid="redirect-to-map">{t('payments:toMap')}</ButtonLink>}
        {(type === 'TopUpBalance' || type === 'Refund') && <ButtonLink to={paymentPaths.wallet} variant="primary" icon="wallet">{t('payments:toWallet')}</ButtonLink>}
        {type === 'SessionPayment' && <ButtonLink to={paths.charging} variant="primary" icon="bolt">{t('payments:toCharging')}</ButtonLink>}
        {type === 'ShopOrder' && result.shopOrderId && (
          <ButtonLink to={shopOrderPath(result.shopOrderId)} variant="primary" icon="list" data-testid="redirect-to-order">{t('payments:redirect.toOrder')}</ButtonLink>
        )}
        {type === 'CardBinding' && <ButtonLink to={paymentPaths.wallet} variant="secondary" icon="wallet">{t('payments:toWallet')}</ButtonLink>}
        {(type === 'TopUpBalance' || type === 'PayDebt') && <ButtonLink to={paths.charging} variant="secondary" icon="bolt">{t('payments:toCharging')}</ButtonLink>}
        {result.receiptId && <ButtonLink to={receiptPath(result.receiptId)} variant="ghost" icon="document" data-testid="redirect-receipt">{t('payments:redirect.receipt')}</ButtonLink>}
      </div>
    </section>
  );
}
