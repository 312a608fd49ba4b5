import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import type { Balance } from '@/lib/money-query';
import { useRefundMutation } from '../api/refund-balance';
import { RefundDialog } from './refund-dialog';

/** Money on the balance can go back to the cards its top-ups came from. */
export function RefundSection({ balance }: { balance: Balance }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const refund = useRefundMutation();
  const [isOpen, setOpen] = useState(false);
  function open() {
    refund.reset();
    setOpen(true);
  }
  if (balance.refundableMinor <= 0 && !refund.isSuccess) return null;
  return (
    <Card title={t('payments:refund.title')} testId="refund">
      {refund.isSuccess && (
        <Alert tone="success" testId="refund-success">
          <p>{t('payments:refund.success', { amount: format.money(refund.data.refundedMinor, balance.currency) })}</p>
        </Alert>
      )}
      {balance.refundableMinor > 0 && (
        <>
          <p className="muted">{t('payments:refund.text', { amount: format.money(balance.refundableMinor, balance.currency) })}</p>
          <Button variant="secondary" icon="refresh" onClick={open} data-testid="refund-open">{t('payments:refund.open')}</Button>
        </>
      )}
      {isOpen && <RefundDialog open onClose={() => setOpen(false)} balance={balance} refund={refund} />}
    </Card>
  );
}
