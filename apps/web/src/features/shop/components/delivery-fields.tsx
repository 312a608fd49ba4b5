import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ShopDeliveryInput } from '@evcharge/domain/shop';
import { Field } from '@/components/ui/field';
import { fieldErrorText } from '@/lib/form';
import type { DeliveryDraft } from '../model/cart-store';

type DeliveryFieldsProps = {
  register: UseFormRegister<ShopDeliveryInput>;
  errors: FieldErrors<ShopDeliveryInput>;
  /** Each keystroke is kept (the cart's storage): nothing typed is lost. */
  onType: (name: keyof DeliveryDraft, value: string) => void;
};

/** Who receives the goods and where: recipient, phone, city, address, postcode, a comment. */
export function DeliveryFields({ register, errors, onType }: DeliveryFieldsProps) {
  const { t } = useTranslation('payments');
  const field = (name: keyof DeliveryDraft) =>
    register(name, { onChange: (event: { target: { value: string } }) => onType(name, event.target.value) });
  const error = (name: keyof DeliveryDraft) => fieldErrorText(t, errors[name]);
  return (
    <fieldset className="delivery" data-testid="delivery">
      <legend className="delivery__legend">{t('payments:shop.delivery.title')}</legend>
      <p className="muted small delivery__hint">{t('payments:shop.delivery.hint')}</p>
      <div className="delivery__grid">
        <Field label={t('payments:shop.delivery.name')} autoComplete="name" error={error('name')}
          errorTestId="delivery-name-error" data-testid="delivery-name" className="delivery__wide" {...field('name')} />
        <Field label={t('payments:shop.delivery.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('payments:shop.delivery.phoneHint')}
          error={error('phone')} errorTestId="delivery-phone-error" data-testid="delivery-phone" {...field('phone')} />
        <Field label={t('payments:shop.delivery.city')} autoComplete="address-level2" error={error('city')}
          errorTestId="delivery-city-error" data-testid="delivery-city" {...field('city')} />
        <Field label={t('payments:shop.delivery.address')} autoComplete="street-address" hint={t('payments:shop.delivery.addressHint')}
          error={error('address')} errorTestId="delivery-address-error" data-testid="delivery-address" className="delivery__wide" {...field('address')} />
        <Field label={t('payments:shop.delivery.postcode')} autoComplete="postal-code" inputMode="text" error={error('postcode')}
          errorTestId="delivery-postcode-error" data-testid="delivery-postcode" {...field('postcode')} />
        <Field label={t('payments:shop.delivery.comment')} autoComplete="off" error={error('comment')}
          errorTestId="delivery-comment-error" data-testid="delivery-comment" className="delivery__wide" {...field('comment')} />
      </div>
    </fieldset>
  );
}
