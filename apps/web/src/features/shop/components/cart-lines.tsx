import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import type { PricedCartLine } from '../model/cart';
import { brandText } from '../model/shop-text';
import { QuantityStepper } from './quantity-stepper';

type CartLinesProps = {
  lines: readonly PricedCartLine[];
  currency: string;
  onQuantity: (line: PricedCartLine, quantity: number) => void;
};

/** The goods in the cart: how many of each (within its most per order), or none. */
export function CartLines({ lines, currency, onQuantity }: CartLinesProps) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <ul className="cart-lines" data-testid="cart-lines">
      {lines.map((line) => {
        const title = brandText(line.item.title, format.language);
        return (
          <li key={line.itemId} className="cart-line" data-testid="cart-line" data-item={line.itemId}>
            <img className="cart-line__picture" src={line.item.imageUrl} alt="" width={72} height={48} />
            <div className="cart-line__text">
              <span className="cart-line__title">{title}</span>
              <span className="muted small">{t('payments:shop.item.each', { price: format.money(line.item.priceMinor, currency) })}</span>
            </div>
            <span className="cart-line__amount" data-testid="cart-line-amount">{format.money(line.amountMinor, currency)}</span>
            <div className="cart-line__actions">
              <QuantityStepper title={title} quantity={line.quantity} max={line.item.maxPerOrder}
                onChange={(quantity) => onQuantity(line, quantity)} testId="cart-line-stepper" />
              <Button variant="ghost" icon="trash" aria-label={t('payments:shop.item.removeLabel', { title })}
                onClick={() => onQuantity(line, 0)} data-testid="cart-line-remove">
                {t('payments:shop.item.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
