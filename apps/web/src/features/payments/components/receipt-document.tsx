import { useTranslation } from 'react-i18next';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { isoCode } from '@evcharge/domain/currency';
import { formatRate } from '@/lib/exchange-rate';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';
import { toBcp47 } from '@/lib/i18n';
import { CardNumber } from './card-number';
import { ReceiptItems } from './receipt-items';

function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([toBcp47(language)], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The receipt as a document: who sold, what, for how much, with which taxes, paid how. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const code = isoCode(receipt.currency);
  const { seller, payment } = receipt;
  return (
    <article className="receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <header className="receipt__head">
        <div className="receipt__heading">
          <p className="receipt__kind" data-testid="receipt-kind">
            {t(`payments:receipt.kind.${receipt.kind}`)}
          </p>
          <h1 id="receipt-title" className="receipt__title" data-testid="receipt-number">
            {t('payments:receipt.number', { number: receipt.number })}
          </h1>
          <p className="muted">
            <time dateTime={receipt.createdAt} data-testid="receipt-date">
              {formatStationTime(
                receipt.createdAt,
                receipt.utcOffsetMinutes,
                format.language,
                'long',
              )}
            </time>
          </p>
        </div>
        <p className="receipt__big-total" aria-hidden="true">
          {format.money(receipt.amountMinor, receipt.currency)}
        </p>
      </header>

      <section className="receipt__section" aria-labelledby="receipt-seller">
        <h2 id="receipt-seller" className="receipt__section-title">
          {t('payments:receipt.seller')}
        </h2>
        <dl className="receipt__facts" data-testid="receipt-seller">
          <div>
            <dt>{t('payments:receipt.sellerName')}</dt>
            <dd>{seller.name}</dd>
          </div>
          <div>
            <dt>{t('payments:receipt.taxId')}</dt>
            <dd>{seller.taxId}</dd>
          </div>
          <div>
            <dt>{t('payments:receipt.address')}</dt>
            <dd>{seller.address}</dd>
          </div>
          <div>
            <dt>{t('payments:receipt.email')}</dt>
            <dd>{seller.email}</dd>
          </div>
        </dl>
      </section>

      {(receipt.stationName || receipt.transactionId !== null) && (
        <dl className="receipt__facts receipt__facts--inline" data-testid="receipt-session">
          {receipt.stationName && (
            <div>
              <dt>{t('payments:receipt.station')}</dt>
              <dd>{receipt.stationName}</dd>
            </div>
          )}
          {receipt.transactionId !== null && (
            <div>
              <dt>{t('payments:receipt.session')}</dt>
              <dd>{receipt.transactionId}</dd>
            </div>
          )}
        </dl>
      )}

      <ReceiptItems receipt={receipt} />

      <dl className="receipt__totals">
        <div data-testid="receipt-vat">
          <dt>
            {receipt.vatRatePercent === null
              ? t('payments:receipt.vatTotal')
              : t('payments:receipt.vatTotalRate', {
                  rate: format.percent(receipt.vatRatePercent),
                })}
          </dt>
          <dd>
            {receipt.vatRatePercent === null && receipt.vatMinor === 0
              ? t('payments:receipt.noVat')
              : format.money(receipt.vatMinor, receipt.currency)}
          </dd>
        </div>
        <div className="receipt__total" data-testid="receipt-total">
          <dt>{t('payments:receipt.total')}</dt>
          <dd>{format.money(receipt.amountMinor, receipt.currency)}</dd>
        </div>
      </dl>

      <dl className="receipt__facts receipt__facts--inline">
        <div data-testid="receipt-payment">
          <dt>{t('payments:receipt.paymentMethod')}</dt>
          <dd>
            {receipt.kind === 'station_earning' ? (
              t('payments:receipt.toBalance')
            ) : payment.method === 'card' ? (
              <>
                {t('payments:receipt.byCard')}{' '}
                {payment.cardLast4 && (
                  <CardNumber brand={payment.cardBrand ?? ''} last4={payment.cardLast4} />
                )}
              </>
            ) : (
              t('payments:receipt.byBalance')
            )}
          </dd>
        </div>
        <div data-testid="receipt-currency">
          <dt>{t('payments:receipt.currency')}</dt>
          <dd>
            {code} · {currencyName(code, format.language)}
          </dd>
        </div>
        {receipt.exchange && (
          <div data-testid="receipt-exchange">
            <dt>{t('payments:receipt.exchangeTitle')}</dt>
            <dd>
              {t('payments:receipt.exchange', {
                price: format.money(receipt.exchange.amountMinor, receipt.exchange.currency),
                paid: format.money(receipt.amountMinor, receipt.currency),
                rate: formatRate(
                  receipt.exchange.rate,
                  receipt.exchange.currency,
                  receipt.currency,
                  format.language,
                ),
              })}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
