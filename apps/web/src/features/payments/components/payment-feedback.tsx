import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { isAcquirerCode } from '@evcharge/domain/payments';
import { Alert } from '@/components/ui/alert';
import { ApiError, errorText } from '@/lib/api-error';
import { declineText, outcomeOf } from '../model/payment-outcome';
import { PhoneRequired } from './phone-required';

type PaymentFeedbackProps = {
  result: PaymentResult | undefined;
  error: unknown;
  /** What a success means here ("topped up by …", "card bound"). */
  success: (result: PaymentResult) => ReactNode;
  testId: string;
};

/**
 * How a payment request ended, in the driver's words: declined with the bank's reason (an ACQ
 * code, SPEC §8, either as the answer's `errorCode` or as the error itself), still with the
 * bank, on its way to the bank's page, or done.
 */
export function PaymentFeedback({ result, error, success, testId }: PaymentFeedbackProps) {
  const { t } = useTranslation('payments');
  if (error instanceof ApiError && error.code === 'PHONE_NOT_CONFIRMED') return <PhoneRequired tone="error" testId={`${testId}-phone`} />;
  if (error) {
    const isDecline = error instanceof ApiError && isAcquirerCode(error.code);
    return (
      <Alert tone="error" title={isDecline ? t('payments:result.declinedTitle') : undefined} testId={`${testId}-error`}>
        <p data-code={error instanceof ApiError ? error.code : undefined}>{errorText(t, error)}</p>
      </Alert>
    );
  }
  if (!result) return null;
  const outcome = outcomeOf(result);
  if (outcome === 'redirect') return <Alert tone="info" testId={`${testId}-redirect`}><p>{t('payments:result.toBank')}</p></Alert>;
  if (outcome === 'pending') return <Alert tone="info" title={t('payments:result.pendingTitle')} testId={`${testId}-pending`}><p>{t('payments:result.pendingText')}</p></Alert>;
  if (outcome === 'failed') {
    return (
      <Alert tone="error" title={t('payments:result.declinedTitle')} testId={`${testId}-error`}>
        <p data-code={result.errorCode ?? undefined}>{declineText(t, result.errorCode)}</p>
      </Alert>
    );
  }
  return <Alert tone="success" testId={`${testId}-success`}>{success(result)}</Alert>;
}
