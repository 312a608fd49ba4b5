import type { TFunction } from 'i18next';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { isErrorCode } from '@evcharge/domain/errors';

export type Outcome = 'redirect' | 'succeeded' | 'failed' | 'pending';

/** What a payment's answer means for the screen that asked for it. */
export function outcomeOf(result: PaymentResult): Outcome {
  if (result.status === 'pending') return result.redirectUrl ? 'redirect' : 'pending';
  if (result.status === 'failed') return 'failed';
  // A binding's check amount is held, then released: released is how a binding ends well.
  // Any other payment released was never taken.
  if (result.status === 'released') return result.orderType === 'CardBinding' ? 'succeeded' : 'failed';
  return 'succeeded';
}

/** The translated reason of a declined payment: the ACQ code's text (SPEC §8), else unknown. */
export function declineText(t: TFunction, errorCode: string | null): string {
  return errorCode && isErrorCode(errorCode) ? t(`errors:${errorCode}`) : t('errors:UNKNOWN');
}
