import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import type { Currency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../../plugins/auth';
import { requireConfirmedPhone } from '../phone';
import { defaultCard } from './card-repo';
import { createOperation, paymentResult, type PaymentDeps } from './operations';
import { invalid, startPayment, type Origin } from './pay';
import type { Operation } from './repo';

// SPEC §2 shop: an order paid by card, through a ShopOrder operation like a top-up's: by the
// driver's default card at once, or by a card typed on the acquirer's page (back to
// /callback). What the order becomes when the payment ends is the shop's (Purchases).

export type ShopCard = { id: string; token: string };

/**
 * How an order by card may be paid, checked before anything is recorded: the default card
 * (linked), or a one-time card (kept only with a confirmed phone, as a binding is).
 */
export async function shopPaymentCard(
  deps: PaymentDeps,
  user: UserRow,
  how: { method: 'boundCard' | 'oneTimeCard'; saveCard?: boolean },
): Promise<ShopCard | null> {
  if (how.method === 'oneTimeCard') {
    if (how.saveCard) requireConfirmedPhone(user);
    return null;
  }
  const card = await defaultCard(deps.db, user.id);
  if (card?.status === 'blocked') throw new AppError('CARD_BLOCKED');
  if (!card || card.status !== 'linked') throw invalid('paymentMethod');
  return { id: card.id, token: card.token };
}

/** The order's payment, recorded in the order's own transaction (nothing is asked yet). */
export function openShopPayment(
  deps: PaymentDeps,
  tx: Db,
  order: { id: string; userId: string; totalMinor: number; currency: Currency },
  card: ShopCard | null,
): Promise<Operation> {
  return createOperation(
    deps,
    {
      userId: order.userId,
      orderType: 'ShopOrder',
      amountMinor: order.totalMinor,
      currency: order.currency,
      cardId: card?.id ?? null,
      shopOrderId: order.id,
    },
    tx,
  );
}

/**
 * Asks the acquirer: the card is charged at once, or the answer carries the page to open. A
 * decline is not thrown: the order it pays is failed by then, and the answer says why.
 */
export async function payShopOrder(
  deps: PaymentDeps,
  user: UserRow,
  operation: Operation,
  how: { card: ShopCard | null; saveCard: boolean } & Origin,
): Promise<PaymentResult> {
  const started = await startPayment(deps, user, operation, {
    cardToken: how.card?.token,
    saveCard: how.saveCard,
    description: `${deps.brand.title}: shop order`,
    origin: how.origin,
  });
  return paymentResult(deps.db, started.operation, started.redirectUrl);
}
