import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopOrderPath, shopPath } from '@/app/charge-paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PathIcon } from '@/components/ui/path-icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useOrdersQuery } from '../api/list-orders';
import { brandText } from '../model/shop-text';
import { OrderStatus } from './order-status';
import { parcelPath } from './shop-icons';

/** The driver's orders, newest first: number, date, what, how much, and how it stands. */
export function OrdersView() {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const query = useOrdersQuery();
  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError) {
    return (
      <div className="stack">
        <Alert tone="error" testId="orders-error"><p>{errorText(t, query.error)}</p></Alert>
        <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  const orders = query.data.items;
  if (orders.length === 0) {
    return (
      <section className="shop-empty" data-testid="orders-empty">
        <span className="shop-empty__icon" aria-hidden="true"><PathIcon d={parcelPath} size={36} /></span>
        <h2>{t('payments:shop.orders.emptyTitle')}</h2>
        <p className="muted">{t('payments:shop.orders.emptyText')}</p>
        <ButtonLink to={shopPath()} variant="primary" icon="chevronRight">{t('payments:shop.cart.toGoods')}</ButtonLink>
      </section>
    );
  }
  return (
    <ul className="orders" data-testid="orders">
      {orders.map((order) => (
        <li key={order.id}>
          <Link to={shopOrderPath(order.id)} className="order-row" data-testid="order-row" data-status={order.status}>
            <span className="order-row__icon" aria-hidden="true"><PathIcon d={parcelPath} size={24} /></span>
            <span className="order-row__text">
              <span className="order-row__title">{t('payments:shop.orders.number', { number: order.number })}</span>
              <span className="muted small">{format.date(order.createdAt, { dateStyle: 'medium' })}</span>
              <span className="muted small order-row__items">
                {order.items.map((item) => `${brandText(item.title, format.language)} × ${item.quantity}`).join(', ')}
              </span>
            </span>
            <span className="order-row__end">
              <span className="order-row__amount" data-testid="order-row-total">{format.money(order.totalMinor, order.currency)}</span>
              <OrderStatus status={order.status} />
            </span>
            <Icon name="chevronRight" className="order-row__chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
