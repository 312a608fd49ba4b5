import { useTranslation } from 'react-i18next';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import { formatPhone } from '@evcharge/domain/phone';
import { receiptPagePath, shopPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { ApiError, errorText } from '@/lib/api-error';
import { brandName } from '@/lib/card-name';
import { useFormat } from '@/lib/format';
import { useOrderQuery } from '../api/get-order';
import { brandText, declineText } from '../model/shop-text';
import { useSettleCart } from '../model/use-settle-cart';
import { OrderStatus } from './order-status';
import { OrderSums } from './order-sums';

/** How the payment stands, in words, with the way on: the receipt, the bank's page, or again. */
function PaymentState({ order, onCheck, isChecking }: { order: ShopOrder; onCheck: () => void; isChecking: boolean }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  if (order.status === 'paid') {
    return (
      <Alert tone="success" testId="order-paid">
        <p>{t('payments:shop.order.paidText')}</p>
        {order.paidAt && <p className="small">{t('payments:shop.order.paidAt', { date: format.date(order.paidAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>}
      </Alert>
    );
  }
  if (order.status === 'failed') {
    return (
      <Alert tone="error" title={t('payments:shop.order.failedTitle')} testId="order-failed">
        <p data-code={order.payment?.errorCode ?? undefined}>{declineText(t, order.payment?.errorCode)}</p>
        <ButtonLink to={shopPath('cart')} variant="secondary" icon="refresh" data-testid="order-try-again">{t('payments:shop.order.tryAgain')}</ButtonLink>
      </Alert>
    );
  }
  const page = order.payment?.redirectUrl;
  return (
    <Alert tone="info" title={t('payments:shop.order.awaitingTitle')} testId="order-awaiting">
      <p>{t('payments:shop.order.awaitingText')}</p>
      <div className="order__actions">
        {page && <Button variant="primary" icon="card" onClick={() => openAcquirerPage(page)} data-testid="order-continue">{t('payments:shop.order.continueAtBank')}</Button>}
        <Button variant="secondary" icon="refresh" isLoading={isChecking} onClick={onCheck} data-testid="order-check">{t('payments:shop.order.checkAgain')}</Button>
      </div>
    </Alert>
  );
}

/** One order: how its payment stands, its goods and sums, where it goes, its receipt. */
export function OrderDetail({ id, owner }: { id: string; owner: string }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const query = useOrderQuery(id);
  const order = query.data;
  useSettleCart(owner, order);

  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (!order) {
    const isMissing = query.error instanceof ApiError && (query.error.code === 'NOT_FOUND' || query.error.code === 'VALIDATION_FAILED');
    return (
      <div className="stack" data-testid="order-error">
        <Alert tone="error"><p>{isMissing ? t('payments:shop.order.notFound') : errorText(t, query.error)}</p></Alert>
        <div className="order__actions">
          {!isMissing && <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>}
          <ButtonLink to={shopPath('orders')} variant="secondary" icon="list">{t('payments:shop.order.back')}</ButtonLink>
        </div>
      </div>
    );
  }
  const hasFob = order.items.some((item) => item.kind === 'rfid');
  return (
    <article className="order" data-testid="order" data-status={order.status}>
      <header className="order__header">
        <div className="shop__intro">
          <h2 className="order__title" data-testid="order-number">{t('payments:shop.orders.number', { number: order.number })}</h2>
          <p className="muted small">{t('payments:shop.order.placed', { date: format.date(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
        </div>
        <OrderStatus status={order.status} />
      </header>
      <PaymentState order={order} isChecking={query.isFetching} onCheck={() => void query.refetch()} />
      {order.status === 'paid' && (
        <div className="order__actions">
          {order.receiptId && (
            <ButtonLink to={receiptPagePath(order.receiptId)} variant="primary" icon="document" data-testid="order-receipt">{t('payments:shop.order.receipt')}</ButtonLink>
          )}
          <ButtonLink to={shopPath('orders')} variant="secondary" icon="list">{t('payments:shop.order.back')}</ButtonLink>
        </div>
      )}
      {order.status === 'paid' && hasFob && (
        <section className="card order__rfid" data-testid="order-rfid">
          <h3 className="card__title">{t('payments:shop.order.rfidTitle')}</h3>
          <p className="muted">{t('payments:shop.order.rfidText')}</p>
          <ButtonLink to={paths.rfid} variant="secondary" icon="card" data-testid="order-rfid-link">{t('payments:shop.order.rfidLink')}</ButtonLink>
        </section>
      )}
      <section className="card" aria-labelledby="order-goods">
        <h3 id="order-goods" className="card__title">{t('payments:shop.order.goods')}</h3>
        <ul className="cart-lines">
          {order.items.map((item) => (
            <li key={item.itemId} className="cart-line cart-line--static" data-testid="order-line">
              <img className="cart-line__picture" src={item.imageUrl} alt="" width={72} height={48} />
              <div className="cart-line__text">
                <span className="cart-line__title">{brandText(item.title, format.language)}</span>
                <span className="muted small">{item.quantity} × {format.money(item.priceMinor, order.currency)}</span>
              </div>
              <span className="cart-line__amount">{format.money(item.amountMinor, order.currency)}</span>
            </li>
          ))}
        </ul>
        <OrderSums totals={order} currency={order.currency} testId="order-sums" isPaid={order.status === 'paid'} />
      </section>
      <div className="order__facts">
        <section className="card" aria-labelledby="order-delivery">
          <h3 id="order-delivery" className="card__title">{t('payments:shop.order.deliveryTitle')}</h3>
          {order.delivery ? (
            <address className="order__address" data-testid="order-delivery">
              <span>{order.delivery.name}</span>
              <span>{formatPhone(order.delivery.phone)}</span>
              <span>{order.delivery.postcode}, {order.delivery.city}</span>
              <span>{order.delivery.address}</span>
              {order.delivery.comment && <span className="muted">{order.delivery.comment}</span>}
            </address>
          ) : (
            <p className="muted">{t('payments:shop.order.deliveryErased')}</p>
          )}
        </section>
        <section className="card" aria-labelledby="order-payment">
          <h3 id="order-payment" className="card__title">{t('payments:shop.order.paymentTitle')}</h3>
          <p data-testid="order-method">
            {t(`payments:shop.order.method.${order.paymentMethod}`)}
            {order.payment?.card && <span className="shop-card"> · {brandName(order.payment.card.brand)} •••• {order.payment.card.last4}</span>}
          </p>
          <p className="order__total">{format.money(order.totalMinor, order.currency)}</p>
        </section>
      </div>
    </article>
  );
}
