import { useTranslation } from 'react-i18next';
import { PathIcon } from '@/components/ui/path-icon';
import { minusPath, plusPath } from './shop-icons';

type QuantityStepperProps = {
  title: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
  testId?: string;
};

/** − n +: one less (the last one leaves the cart) or one more (up to the most per order). */
export function QuantityStepper({ title, quantity, max, onChange, testId }: QuantityStepperProps) {
  const { t } = useTranslation('payments');
  return (
    <div className="stepper" role="group" aria-label={t('payments:shop.item.quantity', { title })} data-testid={testId}>
      <button type="button" className="stepper__button" aria-label={t('payments:shop.item.less', { title })}
        onClick={() => onChange(quantity - 1)} data-testid="stepper-less">
        <PathIcon d={minusPath} size={18} />
      </button>
      <output className="stepper__value" aria-live="polite" data-testid="stepper-value">{quantity}</output>
      <button type="button" className="stepper__button" aria-label={t('payments:shop.item.more', { title })}
        disabled={quantity >= max} onClick={() => onChange(quantity + 1)} data-testid="stepper-more">
        <PathIcon d={plusPath} size={18} />
      </button>
    </div>
  );
}
