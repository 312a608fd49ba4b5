import { useTranslation } from 'react-i18next';
import type { Currency } from '@evcharge/domain/currency';
import { formatMoney, formatNumber } from '@/lib/format';
import { formatPartnerPrice, type RoamingPriceRow, type RoamingTariffView } from './roaming-prices';
import { restrictionWords } from './roaming-words';
import './tariff-items.css';
import './roaming-price-items.css';

type RoamingPriceItemsProps = {
  view: RoamingTariffView;
  walletCurrency: Currency;
  /** The partner's own price in small text beside ours (the station page). */
  showsPartnerPrice?: boolean;
  testId?: string;
};

/**
 * A partner's OCPI prices as the driver pays them (markup and rate included), each element's
 * conditions in words under its name: the station page's roaming card and the start screen.
 */
export function RoamingPriceItems({ view, walletCurrency, showsPartnerPrice = false, testId }: RoamingPriceItemsProps) {
  const { t, i18n } = useTranslation('station');
  const language = i18n.language;
  const driverText = (minor: number) => formatMoney(minor, walletCurrency, language);
  const partnerText = (price: number) => formatPartnerPrice(price, view.currency, language);
  const perUnit = (row: RoamingPriceRow, price: string) => t(`station:roaming.per.${row.unit}`, { price });
  const percent = (value: number) => formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 2 });
  // One VAT for every price is said once, under the list; different ones beside each price.
  const vats = new Set(view.elements.flatMap((element) => element.rows.filter((row) => row.partnerPrice > 0).map((row) => row.vatPercent)));
  const sharedVat = vats.size === 1 ? [...vats][0] : undefined;

  function priceCell(row: RoamingPriceRow) {
    if (row.partnerPrice === 0) return <dd>{t('station:tariff.free')}</dd>;
    if (row.driverMinor === null) return <dd>{perUnit(row, partnerText(row.partnerPrice))}</dd>;
    return (
      <dd>
        <span data-testid="roaming-driver-price">{perUnit(row, driverText(row.driverMinor))}</span>
        {showsPartnerPrice && <span className="roaming-prices__partner" data-testid="roaming-partner-price">{perUnit(row, partnerText(row.partnerPrice))}</span>}
      </dd>
    );
  }

  function boundRow(kind: 'minPrice' | 'maxPrice') {
    const value = view[kind];
    if (!value) return null;
    return (
      <div className="tariff__row" data-testid={`roaming-${kind}`}>
        <dt>{t(`station:roaming.${kind}`)}</dt>
        <dd>
          {value.driverMinor === null ? partnerText(value.partnerPrice) : driverText(value.driverMinor)}
          {showsPartnerPrice && value.driverMinor !== null && <span className="roaming-prices__partner">{partnerText(value.partnerPrice)}</span>}
        </dd>
      </div>
    );
  }

  return (
    <>
      <dl className="tariff roaming-prices" data-testid={testId}>
        {view.elements.flatMap((element, index) => {
          const when = restrictionWords(t, element.restrictions, language).join(' · ');
          return element.rows.map((row, at) => (
            <div key={`${index}-${at}`} className="tariff__row" data-testid={`roaming-${row.type}`} data-element={index}>
              <dt>
                {t(`station:roaming.type.${row.type}`)}
                {when && <span className="tariff__hint" data-testid="roaming-when">{when}</span>}
                {sharedVat === undefined && row.vatPercent !== null && row.partnerPrice > 0 && (
                  <span className="tariff__hint">{t('station:roaming.vatIncluded', { percent: percent(row.vatPercent) })}</span>
                )}
              </dt>
              {priceCell(row)}
            </div>
          ));
        })}
        {boundRow('minPrice')}
        {boundRow('maxPrice')}
      </dl>
      {sharedVat !== undefined && sharedVat !== null && <p className="roaming-note" data-testid="roaming-vat">{t('station:roaming.vatAll', { percent: percent(sharedVat) })}</p>}
    </>
  );
}
