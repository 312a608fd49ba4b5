import { useTranslation } from 'react-i18next';
import type { ShopTotals } from '@evcharge/domain/shop';
import { useFormat } from '@/lib/format';

/** Goods, delivery and what it all costs: to pay, or (once paid) in total. */
export function OrderSums({ totals, currency, testId, isPaid = false }: { totals: ShopTotals; currency: string; testId: string; isPaid?: boolean }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <dl className="order-sums" data-testid={testId}>
      <div><dt>{t('payments:shop.summary.goods')}</dt><dd data-testid={`${testId}-goods`}>{format.money(totals.subtotalMinor, currency)}</dd></div>
      <div><dt>{t('payments:shop.summary.delivery')}</dt><dd data-testid={`${testId}-delivery`}>{format.money(totals.deliveryMinor, currency)}</dd></div>
      <div className="order-sums__total"><dt>{isPaid ? t('payments:shop.order.total') : t('payments:shop.summary.total')}</dt><dd data-testid={`${testId}-total`}>{format.money(totals.totalMinor, currency)}</dd></div>
    </dl>
  );
}
