import { useTranslation } from 'react-i18next';
import type { ShopPaymentMethod } from '@evcharge/domain/shop';
import { paths } from '@/app/paths';
import { ChoiceGroup, type Choice } from '@/components/ui/choice-group';
import { ButtonLink } from '@/components/ui/button';
import { brandName } from '@/lib/card-name';
import { useFormat } from '@/lib/format';
import type { PayOptions } from '../model/pay-choice';

type PayChoiceGroupProps = {
  options: PayOptions;
  currency: string;
  value: ShopPaymentMethod;
  onChange: (method: ShopPaymentMethod) => void;
};

/** From the balance (when it covers the order), by the default card, or by a card on the bank's page. */
export function PayChoiceGroup({ options, currency, value, onChange }: PayChoiceGroupProps) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const balance = options.balanceMinor === null ? '' : format.money(options.balanceMinor, currency);
  const choices: Choice<ShopPaymentMethod>[] = [];
  if (options.canPayFromBalance) {
    choices.push({ value: 'balance', label: t('payments:shop.pay.balance'), description: t('payments:shop.pay.balanceHint', { amount: balance }), testId: 'pay-balance' });
  }
  if (options.card) {
    choices.push({
      value: 'boundCard',
      label: <span className="shop-card">{brandName(options.card.brand)} <span className="shop-card__dots">••••</span> {options.card.last4}</span>,
      description: t('payments:shop.pay.cardHint'),
      testId: 'pay-bound-card',
    });
  }
  choices.push({ value: 'oneTimeCard', label: t('payments:shop.pay.oneTime'), description: t('payments:shop.pay.oneTimeHint'), testId: 'pay-one-time' });
  return (
    <div className="stack-s" data-testid="shop-pay">
      <ChoiceGroup legend={t('payments:shop.pay.legend')} name="shop-pay" columns={1} value={value} choices={choices} onChange={onChange} />
      {options.balanceMinor !== null && !options.canPayFromBalance && (
        <p className="muted small shop-pay__note" data-testid="pay-balance-short">
          {t('payments:shop.pay.balanceShort', { amount: balance })}{' '}
          <ButtonLink to={paths.wallet} variant="ghost" icon="wallet">{t('payments:shop.pay.topUp')}</ButtonLink>
        </p>
      )}
    </div>
  );
}
