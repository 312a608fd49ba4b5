import { useTranslation } from 'react-i18next';
import type { Tariff } from '@evcharge/domain/tariff';
import { tariffRows, type TariffRowKind } from './tariff-lines';
import { useMoney } from './use-money';
import './tariff-items.css';

const perUnit: Partial<Record<TariffRowKind, string>> = {
  perKwh: 'station:tariff.perKwhPrice',
  perMinute: 'station:tariff.perMinutePrice',
  parkingPerMinute: 'station:tariff.perMinutePrice',
  reservationPerMinute: 'station:tariff.perMinutePrice',
};

/** A tariff's items: prices per kWh, minute and parking minute, then the one-off fees. */
type TariffItemsProps = { tariff: Tariff; freeIdleMinutes: number; testId?: string };

export function TariffItems({ tariff, freeIdleMinutes, testId }: TariffItemsProps) {
  const { t } = useTranslation('station');
  const money = useMoney(tariff.currency);
  return (
    <dl className="tariff" data-testid={testId}>
      {tariffRows(tariff).map((row) => {
        const unitKey = perUnit[row.kind];
        const price = row.amountMinor === 0 ? t('station:tariff.free') : unitKey ? t(unitKey, { price: money(row.amountMinor) }) : money(row.amountMinor);
        return (
          <div key={row.kind} className="tariff__row" data-testid={`tariff-${row.kind}`}>
            <dt>
              {t(`station:tariff.${row.kind}`)}
              {row.kind === 'parkingPerMinute' && <span className="tariff__hint">{t('station:tariff.parkingHint', { minutes: freeIdleMinutes })}</span>}
            </dt>
            <dd>{price}</dd>
          </div>
        );
      })}
    </dl>
  );
}
