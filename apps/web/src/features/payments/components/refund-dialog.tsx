import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { fieldErrorText } from '@/lib/form';
import type { Balance } from '@/lib/money-query';
import type { useRefundMutation } from '../api/refund-balance';
import { amountInputSchema, currencySymbol, minorToInput, overMaximum } from '../model/amount';

type RefundDialogProps = {
  balance: Balance;
  refund: ReturnType<typeof useRefundMutation>;
  open: boolean;
  onClose: () => void;
};

function RefundForm({ balance, refund, onClose }: Omit<RefundDialogProps, 'open'>) {
  const { t, i18n } = useTranslation('payments');
  const format = useFormat();
  const { currency, refundableMinor } = balance;
  const schema = z.object({ amount: amountInputSchema(currency, refundableMinor) });
  const { register, handleSubmit, formState } = useForm<{ amount: string }, unknown, { amount: number }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: minorToInput(refundableMinor, currency) },
  });
  const error = formState.errors.amount;
  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      await refund.mutateAsync(amount);
      onClose();
    } catch {
      // Shown from the mutation's state; the dialog stays open.
    }
  });
  return (
    <form className="money-form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="refund-form">
      <p>{t('payments:refund.confirmText')}</p>
      <Field label={t('payments:refund.amount')} inputMode="decimal" autoComplete="off" suffix={currencySymbol(currency, i18n.language)}
        hint={t('payments:refund.upTo', { max: format.money(refundableMinor, currency) })}
        error={error?.message === overMaximum ? t('payments:refund.overMaximum', { max: format.money(refundableMinor, currency) }) : fieldErrorText(t, error)}
        errorTestId="refund-amount-error" data-testid="refund-amount" {...register('amount')} />
      {refund.isError && <Alert tone="error" testId="refund-error"><p>{errorText(t, refund.error)}</p></Alert>}
      <div className="money-dialog__actions">
        <Button variant="secondary" onClick={onClose}>{t('payments:refund.cancel')}</Button>
        <Button type="submit" variant="primary" icon="refresh" isLoading={refund.isPending} data-testid="refund-confirm">
          {t('payments:refund.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Giving the balance back to the cards it came from asks first, with the amount to confirm. */
export function RefundDialog({ open, onClose, ...rest }: RefundDialogProps) {
  const { t } = useTranslation('payments');
  return (
    <Dialog open={open} onClose={onClose} title={t('payments:refund.dialogTitle')} closeLabel={t('common:close')} testId="refund-dialog">
      <RefundForm {...rest} onClose={onClose} />
    </Dialog>
  );
}
