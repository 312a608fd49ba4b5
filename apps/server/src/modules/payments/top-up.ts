import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import { maxTopUpMinor } from '@evcharge/domain/payments';
import { rule } from '@evcharge/domain/validation';
import type { UserRow } from '../../plugins/auth';
import { requireConfirmedPhone } from '../phone';
import { createOperation, type PaymentDeps } from './operations';
import { pay, payingCard, personalOnly, type Origin } from './pay';
import { brandOfAccount } from '../../brand/brands';

/** Puts money on the driver's balance, by a bound card or on the acquirer's page. */
export async function topUp(
  deps: PaymentDeps,
  user: UserRow,
  body: { amountMinor: number; cardId?: string | null; saveCard?: boolean } & Origin,
): Promise<PaymentResult> {
  personalOnly(user);
  const max = maxTopUpMinor(user.currency);
  if (body.amountMinor > max)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'amountMinor', rule: rule.amount }],
      details: { maxTopUpMinor: max },
    });
  if (body.saveCard && !body.cardId) requireConfirmedPhone(user);
  const card = body.cardId ? await payingCard(deps, user, body.cardId) : undefined;
  const operation = await createOperation(deps, {
    userId: user.id,
    orderType: 'TopUpBalance',
    amountMinor: body.amountMinor,
    currency: user.currency,
    cardId: card?.id ?? null,
  });
  return pay(deps, user, operation, {
    cardToken: card?.token,
    saveCard: Boolean(body.saveCard),
    description: `${brandOfAccount(user, deps.brand).title}: balance top-up`,
    origin: body.origin,
  });
}
