import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';

/** One default at a time: a saved default card takes the mark from the others. */
export function withDefault(cards: LoyaltyCard[], saved: LoyaltyCard): LoyaltyCard[] {
  return saved.isDefault ? cards.map((card) => (card.id === saved.id ? card : { ...card, isDefault: false })) : cards;
}
