import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { UserRow } from '../../plugins/auth';
import { lockUser, walletBalanceMinor } from '../ledger';
import { requireConfirmedPhone } from '../phone';
import { createOperation, type PaymentDeps } from './operations';
import { pay, payingCard, type Origin } from './pay';
import { openDebtPayment } from './repo';
import { paymentOf } from './settlement';
import { brandOfAccount } from '../../brand/brands';

/** A debt payment still open this long is the one a second tap continues. */
const DEBT_PAYMENT_OPEN_MS = 15 * 60_000;

/**
 * Pays the whole debt. The driver's row is locked while the debt is read and the operation
 * recorded, so a double tap cannot pay it twice: while a debt payment the same way (the same
 * card, or the card page) is open, the second request answers that one (with its card page
 * when it has one) instead of a new charge.
 */
export async function payDebt(
  deps: PaymentDeps,
  user: UserRow,
  body: { cardId?: string | null; saveCard?: boolean } & Origin,
): Promise<PaymentResult> {
  const decided = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const balance = await walletBalanceMinor(
      tx,
      { kind: 'user_wallet', userId: user.id },
      user.currency,
    );
    if (balance >= 0) throw new AppError('NO_DEBT');
    // For the debt as it is now, the same way of paying: a card page left open does not
    // stop paying by a bound card, and an old page for another amount is not reused.
    const open = await openDebtPayment(tx, {
      userId: user.id,
      amountMinor: -balance,
      cardId: body.cardId,
      since: new Date(Date.now() - DEBT_PAYMENT_OPEN_MS),
    });
    if (open) return { open };
    if (body.saveCard && !body.cardId) requireConfirmedPhone(user);
    const card = body.cardId ? await payingCard({ ...deps, db: tx }, user, body.cardId) : undefined;
    const operation = await createOperation(
      deps,
      {
        userId: user.id,
        orderType: 'PayDebt',
        amountMinor: -balance,
        currency: user.currency,
        cardId: card?.id ?? null,
      },
      tx,
    );
    return { operation, card };
  });
  if (decided.open) return paymentOf(deps, user.id, decided.open.id);
  return pay(deps, user, decided.operation, {
    cardToken: decided.card?.token,
    saveCard: Boolean(body.saveCard),
    description: `${brandOfAccount(user, deps.brand).title}: debt payment`,
    origin: body.origin,
  });
}
