import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';
import { receiptPath } from '../model/payment-paths';
import { receiptIcons } from '../model/receipt-look';

/** One receipt in the list: what it was for, its number and date, the amount; opens it. */
export function ReceiptItem({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  return (
    <li>
      <Link
        to={receiptPath(receipt.id)}
        className="receipt-item"
        data-testid="receipt-item"
        data-receipt-id={receipt.id}
      >
        <span className="receipt-item__icon" aria-hidden="true">
          <Icon name={receiptIcons[receipt.kind]} size={20} />
        </span>
        <span className="receipt-item__body">
          <span className="receipt-item__kind" data-testid="receipt-item-kind">
            {t(`payments:receipt.kind.${receipt.kind}`)}
          </span>
          <span className="small muted receipt-item__number">
            {t('payments:receipt.numberShort', { number: receipt.number })}
          </span>
          <time className="small muted" dateTime={receipt.createdAt}>
            {formatStationTime(
              receipt.createdAt,
              receipt.utcOffsetMinutes,
              format.language,
              'medium',
            )}
          </time>
          {receipt.stationName && (
            <span className="small muted receipt-item__station">{receipt.stationName}</span>
          )}
        </span>
        <span className="receipt-item__amount" data-testid="receipt-item-amount">
          {format.money(receipt.amountMinor, receipt.currency)}
        </span>
        <Icon name="chevronRight" className="receipt-item__chevron" />
      </Link>
    </li>
  );
}
