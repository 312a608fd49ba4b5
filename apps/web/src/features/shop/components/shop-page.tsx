import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopOrderPath, shopPath } from '@/app/charge-paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { useCatalogueQuery } from '../api/get-catalogue';
import { useOrderQuery } from '../api/get-order';
import { countOf } from '../model/cart';
import { useCart } from '../model/cart-store';
import { useSettleCart } from '../model/use-settle-cart';
import { CatalogueView } from './catalogue-view';
import { CheckoutView } from './checkout-view';
import { OrderDetail } from './order-detail';
import { OrdersView } from './orders-view';
import '@/components/ui/card.css';
import './shop.css';

type View = 'goods' | 'cart' | 'orders' | 'order';

function viewOf(params: URLSearchParams): View {
  if (params.get('order')) return 'order';
  const view = params.get('view');
  return view === 'cart' || view === 'orders' ? view : 'goods';
}

/** The order placed from the cart while its payment is open: the cart empties once it is paid. */
function AwaitingOrder({ id, owner }: { id: string; owner: string }) {
  const { t } = useTranslation('payments');
  const order = useOrderQuery(id).data;
  useSettleCart(owner, order);
  if (order?.status !== 'awaitingPayment') return null;
  return (
    <Alert tone="info" testId="cart-awaiting">
      <p>{t('payments:shop.cart.awaiting', { number: order.number })}</p>
      <ButtonLink to={shopOrderPath(order.id)} variant="secondary" icon="chevronRight">
        {t('payments:shop.cart.toAwaiting', { number: order.number })}
      </ButtonLink>
    </Alert>
  );
}

/**
 * shop (SPEC §2): the brand's goods (`/shop`), the cart with delivery and payment
 * (`?view=cart`), the driver's orders (`?view=orders`) and one order (`?order=<id>`).
 */
export function ShopPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const owner = useSession()?.user.id ?? '';
  const cart = useCart(owner);
  const catalogue = useCatalogueQuery();
  const view = viewOf(params);
  const orderId = params.get('order') ?? '';
  useDocumentTitle(t('payments:shop.title'));
  const count = countOf(cart.lines);
  const tabs = [
    { key: 'goods', to: shopPath(), label: t('payments:shop.tabs.goods') },
    { key: 'cart', to: shopPath('cart'), label: t('payments:shop.tabs.cart'), badge: count > 0 ? count : null },
    { key: 'orders', to: shopPath('orders'), label: t('payments:shop.tabs.orders') },
  ] as const;
  const current = view === 'order' ? 'orders' : view;

  return (
    <div className="shop" data-testid="shop-page" data-view={view}>
      <header className="shop__header">
        <div className="shop__intro">
          <h1>{t('payments:shop.title')}</h1>
          <p className="muted">{t('payments:shop.intro')}</p>
        </div>
      </header>
      <nav className="shop-tabs" aria-label={t('payments:shop.sections')}>
        {tabs.map((tab) => (
          <Link key={tab.key} to={tab.to} className="shop-tabs__tab" aria-current={tab.key === current ? 'page' : undefined}
            data-testid={`shop-tab-${tab.key}`}>
            <span>{tab.label}</span>
            {'badge' in tab && tab.badge !== null && (
              <span className="shop-tabs__badge" aria-label={t('payments:shop.cartCount', { count: tab.badge })} data-testid="shop-cart-count">{tab.badge}</span>
            )}
          </Link>
        ))}
      </nav>
      {cart.awaitingOrderId && view !== 'order' && <AwaitingOrder id={cart.awaitingOrderId} owner={owner} />}
      {view === 'orders' && <OrdersView />}
      {view === 'order' && <OrderDetail id={orderId} owner={owner} />}
      {(view === 'goods' || view === 'cart') && catalogue.isPending && <Spinner label={t('common:loading')} />}
      {(view === 'goods' || view === 'cart') && catalogue.isError && (
        <div className="stack">
          <Alert tone="error" testId="shop-error"><p>{t('payments:shop.loadError')} {errorText(t, catalogue.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void catalogue.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {view === 'goods' && catalogue.data && <CatalogueView catalogue={catalogue.data} owner={owner} />}
      {view === 'cart' && catalogue.data && <CheckoutView catalogue={catalogue.data} owner={owner} />}
    </div>
  );
}
