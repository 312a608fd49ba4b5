import type { Card } from '@evcharge/api/payments/payment-schemas';
import { isExpired } from '@/lib/card-name';

/** `cardId` null: a card typed on the acquirer's page this once, kept if `saveCard`. */
export type PayWithValue = { cardId: string | null; saveCard: boolean };

/** Cards that can pay now: linked by the bank and not expired. */
export function payableCards(cards: readonly Card[]): Card[] {
  return cards.filter((card) => card.status === 'linked' && !isExpired(card));
}

/** The card to offer first: the default one if it can pay, else the first that can. */
export function initialPayWith(cards: readonly Card[]): PayWithValue {
  const payable = payableCards(cards);
  const chosen = payable.find((card) => card.isDefault) ?? payable[0];
  return { cardId: chosen?.id ?? null, saveCard: false };
}

/** The request's part that says how to pay: a bound card, or the bank's page (and keep it?). */
export function payWithBody(value: PayWithValue): { cardId: string | null; saveCard?: boolean } {
  return value.cardId === null ? { cardId: null, saveCard: value.saveCard } : { cardId: value.cardId };
}
