import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BalanceOperation } from '@evcharge/api/payments/payment-schemas';
import { historyPath } from '@/app/charge-paths';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { operationIcons, statusTones } from '../model/operation-look';
import { declineText } from '../model/payment-outcome';
import { receiptPath } from '../model/payment-paths';
import { CardNumber } from './card-number';

/** One line of the balance's history: what, when, by which card, how it went, and its receipt. */
export function OperationItem({ operation }: { operation: BalanceOperation }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const isIn = operation.direction === 'in';
  const tookNoMoney = operation.status === 'failed' || operation.status === 'released';
  // U+2212: a real minus sign, as wide as the plus.
  const sign = isIn ? '+' : '\u2212';
  return (
    <li className="operation" data-testid="operation" data-operation-id={operation.id}>
      <span className={`operation__icon operation__icon--${operation.direction}`} aria-hidden="true">
        <Icon name={operationIcons[operation.type]} size={20} />
      </span>
      <div className="operation__body">
        <div className="operation__top">
          <p className="operation__title" data-testid="operation-type">{t(`payments:operation.type.${operation.type}`)}</p>
          <span className={['operation__amount', `operation__amount--${operation.direction}`, tookNoMoney ? 'operation__amount--void' : ''].filter(Boolean).join(' ')}
            data-testid="operation-amount">
            <span className="visually-hidden">{isIn ? t('payments:operation.in') : t('payments:operation.out')} </span>
            <span aria-hidden="true">{sign}</span>{format.money(operation.amountMinor, operation.currency)}
          </span>
        </div>
        <p className="operation__meta small muted">
          <time dateTime={operation.createdAt}>{format.date(operation.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          {operation.card && <CardNumber brand={operation.card.brand} last4={operation.card.last4} testId="operation-card" />}
        </p>
        <p className="operation__links">
          <span data-testid="operation-status">
            <Badge tone={statusTones[operation.status]}>{t(`payments:operation.status.${operation.status}`)}</Badge>
          </span>
          {operation.receiptId && (
            <Link to={receiptPath(operation.receiptId)} className="operation__link" data-testid="operation-receipt">
              <Icon name="document" size={16} />{t('payments:operation.receipt')}
            </Link>
          )}
          {operation.transactionId !== null && (
            <Link to={historyPath(operation.transactionId)} className="operation__link" data-testid="operation-session">
              <Icon name="history" size={16} />{t('payments:operation.session')}
            </Link>
          )}
        </p>
        {operation.status === 'failed' && operation.errorCode && (
          <p className="small operation__reason" data-testid="operation-reason">{declineText(t, operation.errorCode)}</p>
        )}
      </div>
    </li>
  );
}
