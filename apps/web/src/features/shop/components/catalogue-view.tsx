import { useTranslation } from 'react-i18next';
import type { ShopCatalogue } from '@evcharge/api/shop/shop';
import { shopPath } from '@/app/charge-paths';
import { ButtonLink } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/path-icon';
import { useFormat } from '@/lib/format';
import { countOf, pricedCart, quantityOf, setQuantity } from '../model/cart';
import { updateCart, useCart } from '../model/cart-store';
import { ProductCard } from './product-card';
import { bagPath } from './shop-icons';

/** The goods, each with its way into the cart, and the cart's sum on the way to checkout. */
export function CatalogueView({ catalogue, owner }: { catalogue: ShopCatalogue; owner: string }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const cart = useCart(owner);
  const { lines, totals } = pricedCart(cart.lines, catalogue);
  const count = countOf(lines);

  if (catalogue.items.length === 0) {
    return (
      <section className="shop-empty" data-testid="shop-empty">
        <span className="shop-empty__icon" aria-hidden="true"><PathIcon d={bagPath} size={36} /></span>
        <p className="muted">{t('payments:shop.empty')}</p>
      </section>
    );
  }
  return (
    <>
      <ul className="products" data-testid="products">
        {catalogue.items.map((item) => (
          <ProductCard key={item.id} item={item} currency={catalogue.currency} quantity={quantityOf(cart.lines, item.id)}
            onQuantity={(quantity) => updateCart(owner, (state) => ({ ...state, lines: setQuantity(state.lines, item, quantity) }))} />
        ))}
      </ul>
      {count > 0 && (
        <div className="cart-bar" data-testid="cart-bar">
          <p className="cart-bar__summary">
            <PathIcon d={bagPath} size={22} />
            <span data-testid="cart-bar-summary">
              {t('payments:shop.bar.summary', { count, amount: format.money(totals.subtotalMinor, catalogue.currency) })}
            </span>
          </p>
          <ButtonLink to={shopPath('cart')} variant="primary" icon="chevronRight" data-testid="cart-bar-checkout">
            {t('payments:shop.bar.checkout')}
          </ButtonLink>
        </div>
      )}
    </>
  );
}
