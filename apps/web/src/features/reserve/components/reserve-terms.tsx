import { useTranslation } from 'react-i18next';
import type { Currency } from '@evcharge/domain/currency';
import { Card } from '@/components/ui/card';
import { formatRate } from '@/lib/exchange-rate';
import { useFormat } from '@/lib/format';

type PayWith = 'balance' | 'card' | 'company' | null;

type ReserveTermsProps = {
  fixedCostMinor: number;
  idleMinuteCostMinor: number;
  maxCostMinor: number;
  currency: Currency;
  payWith: PayWith;
  /** The quick reservation begins as soon as it is confirmed: cancelling it always costs. */
  isQuick: boolean;
  /**
   * SPEC §3 currencies: the station prices in another currency than the wallet that pays: its
   * prices and the most there, and the brand's rate (the amounts above are the wallet's).
   */
  exchange: ReserveExchange | null;
};

export type ReserveExchange = {
  currency: Currency;
  fixedCostMinor: number;
  idleMinuteCostMinor: number;
  maxCostMinor: number;
  rate: string;
};

/**
 * SPEC §3 Reservation, before the driver confirms: the fixed cost, the cost of each minute
 * held, the most it can cost, who pays, and what cancelling costs. A chosen period is free to
 * cancel until it begins; the quick one begins at once, so cancelling it costs the fixed cost
 * and the minutes held, from the same prices the server bills with (the quote's).
 */
export function ReserveTerms({
  fixedCostMinor,
  idleMinuteCostMinor,
  maxCostMinor,
  currency,
  payWith,
  isQuick,
  exchange,
}: ReserveTermsProps) {
  const { t } = useTranslation('reserve');
  const format = useFormat();
  const money = (minor: number) => format.money(minor, currency);
  const cancelTerms = !isQuick
    ? t('reserve:terms.cancel')
    : fixedCostMinor === 0 && idleMinuteCostMinor === 0
      ? t('reserve:terms.cancelQuickFree')
      : t('reserve:terms.cancelQuick', {
          fixed: money(fixedCostMinor),
          perMinute: money(idleMinuteCostMinor),
        });
  return (
    <Card title={t('reserve:terms.title')} testId="reserve-terms">
      <dl className="reserve-terms">
        <div data-testid="reserve-fixed-cost">
          <dt>{t('reserve:terms.fixed')}</dt>
          <dd>{fixedCostMinor === 0 ? t('station:tariff.free') : money(fixedCostMinor)}</dd>
        </div>
        <div data-testid="reserve-minute-cost">
          <dt>{t('reserve:terms.perMinute')}</dt>
          <dd>
            {idleMinuteCostMinor === 0
              ? t('station:tariff.free')
              : t('station:tariff.perMinutePrice', { price: money(idleMinuteCostMinor) })}
          </dd>
        </div>
        <div className="reserve-terms__max" data-testid="reserve-max-cost">
          <dt>{t('reserve:terms.max')}</dt>
          <dd>{money(maxCostMinor)}</dd>
        </div>
        <div data-testid="reserve-pay-with" data-pay-with={payWith ?? 'none'}>
          <dt>{t('reserve:terms.payWith')}</dt>
          <dd>{t(`reserve:terms.payWithOptions.${payWith ?? 'none'}`)}</dd>
        </div>
      </dl>
      {exchange && (
        <p className="reserve-terms__exchange small" data-testid="reserve-exchange">
          {t(payWith === 'company' ? 'reserve:terms.exchangeCompany' : 'reserve:terms.exchange', {
            currency: exchange.currency.toUpperCase(),
            fixed: format.money(exchange.fixedCostMinor, exchange.currency),
            perMinute: format.money(exchange.idleMinuteCostMinor, exchange.currency),
            price: format.money(exchange.maxCostMinor, exchange.currency),
            paid: money(maxCostMinor),
            rate: formatRate(exchange.rate, exchange.currency, currency, format.language),
          })}
        </p>
      )}
      {payWith === 'card' && (
        <p className="muted small" data-testid="reserve-card-hold">
          {t('reserve:terms.cardHold', { amount: money(maxCostMinor) })}
        </p>
      )}
      <p className="muted small">{t('reserve:terms.charged')}</p>
      <p
        className="reserve-terms__cancel small"
        data-testid="reserve-cancel-terms"
        data-quick={isQuick}
      >
        {cancelTerms}
      </p>
    </Card>
  );
}
