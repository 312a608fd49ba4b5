import { useTranslation } from 'react-i18next';
import type { ShopItem } from '@evcharge/api/brand/get-brand';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { brandText } from '../model/shop-text';
import { QuantityStepper } from './quantity-stepper';

type ProductCardProps = {
  item: ShopItem;
  currency: string;
  quantity: number;
  onQuantity: (quantity: number) => void;
};

/** One good: its picture, name, what it is for, its price, and how many are in the cart. */
export function ProductCard({ item, currency, quantity, onQuantity }: ProductCardProps) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const title = brandText(item.title, format.language);
  return (
    <li className="product" data-testid="product" data-item={item.id}>
      <div className="product__picture">
        <img src={item.imageUrl} alt="" width={240} height={160} loading="lazy" decoding="async" />
      </div>
      <div className="product__body">
        <h2 className="product__title" data-testid="product-title">{title}</h2>
        <p className="product__text muted">{brandText(item.description, format.language)}</p>
      </div>
      <div className="product__foot">
        <div className="product__price">
          <span className="product__amount" data-testid="product-price">{format.money(item.priceMinor, currency)}</span>
          <span className="muted small">{t('payments:shop.item.maxPerOrder', { count: item.maxPerOrder })}</span>
        </div>
        {quantity > 0 ? (
          <QuantityStepper title={title} quantity={quantity} max={item.maxPerOrder} onChange={onQuantity} testId="product-stepper" />
        ) : (
          <Button variant="primary" aria-label={t('payments:shop.item.addLabel', { title })}
            onClick={() => onQuantity(1)} data-testid="product-add">
            {t('payments:shop.item.add')}
          </Button>
        )}
      </div>
    </li>
  );
}
