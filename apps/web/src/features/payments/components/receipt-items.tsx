import { useTranslation } from 'react-i18next';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { useFormat } from '@/lib/format';

type Item = Receipt['items'][number];

/** The receipt's lines. On a phone each line becomes a small block, labelled cell by cell. */
export function ReceiptItems({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const quantity = (item: Item) => {
    const value = format.number(item.quantity, { maximumFractionDigits: 3 });
    if (item.unit === 'min') return format.number(item.quantity, { style: 'unit', unit: 'minute', maximumFractionDigits: 3 });
    return item.unit === 'kWh' ? t('payments:receipt.unit.kWh', { value }) : t('payments:receipt.unit.pcs', { value });
  };
  const labels = {
    title: t('payments:receipt.items.title'),
    quantity: t('payments:receipt.items.quantity'),
    price: t('payments:receipt.items.price'),
    vat: t('payments:receipt.items.vat'),
    amount: t('payments:receipt.items.amount'),
  };
  return (
    <table className="receipt-items" data-testid="receipt-items">
      <caption className="visually-hidden">{t('payments:receipt.items.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.title}</th>
          <th scope="col" className="receipt-items__number">{labels.quantity}</th>
          <th scope="col" className="receipt-items__number">{labels.price}</th>
          <th scope="col" className="receipt-items__number">{labels.vat}</th>
          <th scope="col" className="receipt-items__number">{labels.amount}</th>
        </tr>
      </thead>
      <tbody>
        {receipt.items.map((item, index) => (
          // A discount (a loyalty programme's, SPEC §7 Loyalty) is a negative line, set apart.
          <tr key={index} data-testid="receipt-item-row" className={item.amountMinor < 0 ? 'receipt-items__discount' : undefined} data-discount={item.amountMinor < 0 || undefined}>
            {/* Named by its code in the reader's language; `title` (English) for a code this app does not know yet.
                A shop's good is named as the catalogue named it, in the language it was ordered in. */}
            <th scope="row" data-label={labels.title} data-testid="receipt-item-title">
              {item.code === 'shop_item' ? item.title : t(`payments:receipt.item.${item.code}`, { defaultValue: item.title })}
            </th>
            <td className="receipt-items__number" data-label={labels.quantity}>{quantity(item)}</td>
            <td className="receipt-items__number" data-label={labels.price}>{format.money(item.unitPriceMinor, receipt.currency)}</td>
            <td className="receipt-items__number" data-label={labels.vat} data-testid="receipt-item-vat">
              {item.vatRatePercent === null ? t('payments:receipt.noVat') : format.percent(item.vatRatePercent)}
            </td>
            <td className="receipt-items__number receipt-items__amount" data-label={labels.amount} data-testid="receipt-item-amount">
              {format.money(item.amountMinor, receipt.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
