import { useTranslation } from 'react-i18next';
import type { ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { useFormat } from '@/lib/format';
import { durationText, energyText } from './charge-text';
import './charge.css';

type CostItemsProps = { items: ChargeDetail['costItems']; totalMinor: number; currency: string; testId?: string };

/** What a session cost, item by item (energy per kWh, time, parking, fees), and the total. */
export function CostItems({ items, totalMinor, currency, testId = 'cost-items' }: CostItemsProps) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const quantity = (kind: string, value: number) => {
    if (kind === 'energy') return energyText(t, value, i18n.language);
    if (kind === 'time' || kind === 'parking') return durationText(t, value);
    return null;
  };
  return (
    <dl className="cost-items" data-testid={testId}>
      {items.map((item, index) => {
        const amount = quantity(item.kind, item.quantity);
        return (
          <div key={`${item.kind}-${index}`} className="cost-items__row" data-kind={item.kind}>
            <dt>
              {/* The tariff's cost item kinds (domain tariff.ts); one added later reads "Other". */}
              {t(`charging:costItem.${item.kind}`, { defaultValue: t('charging:costItem.other') })}
              {amount && <span className="muted small"> · {amount}</span>}
            </dt>
            <dd>{format.money(item.amountMinor, currency)}</dd>
          </div>
        );
      })}
      <div className="cost-items__row cost-items__row--total">
        <dt>{t('charging:costItem.total')}</dt>
        <dd data-testid={`${testId}-total`}>{format.money(totalMinor, currency)}</dd>
      </div>
    </dl>
  );
}
