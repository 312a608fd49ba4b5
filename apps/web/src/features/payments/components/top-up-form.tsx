import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { minorDigits } from '@evcharge/domain/currency';
import { topUpAccuracyPercent } from '@evcharge/domain/payments';
import { Button } from '@/components/ui/button';
import { useConnection } from '@/lib/connection';
import { Card as Panel } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { ApiError, applyFieldErrors } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { fieldErrorText } from '@/lib/form';
import type { Balance } from '@/lib/money-query';
import { useTopUpMutation } from '../api/top-up-balance';
import { amountInputSchema, currencySymbol, decimalToMinor, formatShortMoney, minorToInput, overMaximum, quickAmountsMinor } from '../model/amount';
import { continueAtAcquirer } from '../model/continue-at-acquirer';
import { outcomeOf } from '../model/payment-outcome';
import { initialPayWith, payWithBody, type PayWithValue } from '../model/pay-with';
import { PaymentFeedback } from './payment-feedback';
import { PayWith } from './pay-with';

type Values = { amount: string };

/** Top-up (order type TopUpBalance): an amount up to the maximum, paid by a card. */
export function TopUpForm({ balance, cards }: { balance: Balance; cards: readonly Card[] }) {
  const { t, i18n } = useTranslation('payments');
  const format = useFormat();
  const topUp = useTopUpMutation();
  // The server pays or reserves: offline the button waits, saying why (SPEC §2).
  const { isOnline } = useConnection();
  const [chosen, setChosen] = useState<PayWithValue | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const { currency, maxTopUpMinor } = balance;
  const payWith = chosen ?? initialPayWith(cards);
  const schema = z.object({ amount: amountInputSchema(currency, maxTopUpMinor) });
  const { register, handleSubmit, setValue, setError, reset, control, formState } = useForm<Values, unknown, { amount: number }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const typedMinor = decimalToMinor(useWatch({ control, name: 'amount' }) ?? '', minorDigits(currency));
  const error = formState.errors.amount;
  const isFieldError = topUp.error instanceof ApiError && topUp.error.fields.length > 0 &&
    topUp.error.fields.every((field) => field.path === 'amountMinor');

  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      const result = await topUp.mutateAsync({ amountMinor: amount, ...payWithBody(payWith) });
      if (continueAtAcquirer(result)) setLeaving(true);
      else if (outcomeOf(result) === 'succeeded') reset({ amount: '' });
    } catch (caught) {
      applyFieldErrors(caught, ['amount'], setError, { amountMinor: 'amount' });
    }
  });

  const range = `${format.percent(topUpAccuracyPercent.from)}–${format.percent(topUpAccuracyPercent.to)}`;
  const amountError = error?.message === overMaximum
    ? t('payments:topUp.overMaximum', { max: format.money(maxTopUpMinor, currency) })
    : fieldErrorText(t, error);

  return (
    <Panel title={t('payments:topUp.title')} testId="topup">
      <form className="money-form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="topup-form">
        <Field label={t('payments:topUp.amount')} inputMode="decimal" autoComplete="off" suffix={currencySymbol(currency, i18n.language)}
          error={amountError} errorTestId="topup-amount-error" data-testid="topup-amount" {...register('amount')} />
        <div className="chips" role="group" aria-label={t('payments:topUp.quick')}>
          {quickAmountsMinor(currency, maxTopUpMinor).map((minor) => (
            <button key={minor} type="button" className="chip" aria-pressed={typedMinor === minor} data-testid="topup-chip"
              onClick={() => setValue('amount', minorToInput(minor, currency), { shouldDirty: true, shouldValidate: formState.isSubmitted })}>
              {formatShortMoney(minor, currency, i18n.language)}
            </button>
          ))}
        </div>
        <p className="money-form__note small" data-testid="topup-max">
          {t('payments:topUp.maximum', { max: format.money(maxTopUpMinor, currency) })}{' '}
          <span className="muted">{t('payments:topUp.accuracy', { range })}</span>
        </p>
        <PayWith name="topup-pay-with" cards={cards} value={payWith} onChange={setChosen} />
        <PaymentFeedback result={topUp.data} error={isFieldError ? undefined : topUp.error} testId="topup"
          success={(result) => <p>{t('payments:topUp.success', { amount: format.money(result.amountMinor, result.currency) })}</p>} />
        <Button type="submit" variant="primary" icon="wallet" block isLoading={topUp.isPending || isLeaving} disabled={!isOnline} data-testid="topup-submit">
          {typedMinor !== null && typedMinor > 0
            ? t('payments:topUp.submitAmount', { amount: format.money(typedMinor, currency) })
            : t('payments:topUp.submit')}
        </Button>
        {!isOnline && <p className="needs-connection muted small" role="status" data-testid="needs-connection">{t('errors:offline.needsConnection')}</p>}
      </form>
    </Panel>
  );
}
