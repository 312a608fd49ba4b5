import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { outcomeOf } from './payment-outcome';

// Apart from payment-outcome.ts: the return page from the bank uses that one and never opens
// the bank's page, and its chunks are named in the first load (the router's table).

/** Opens the bank's page when the answer asks for it; true when the driver is on the way there. */
export function continueAtAcquirer(result: PaymentResult): boolean {
  if (outcomeOf(result) !== 'redirect' || !result.redirectUrl) return false;
  openAcquirerPage(result.redirectUrl);
  return true;
}
