import type { Card } from '@evcharge/api/payments/payment-schemas';
import type { ShopPaymentMethod } from '@evcharge/domain/shop';
import { isExpired } from '@/lib/card-name';
import type { Balance } from '@/lib/money-query';

// SPEC §2 shop: how an order may be paid now. The balance when it covers the order (the
// driver's own, not a company's), the default card when it can pay, and always a card typed
// on the bank's page. The server decides again when the order is placed.

export type PayOptions = {
  /** The balance, when the order may be paid from it (null: a company's profile). */
  balanceMinor: number | null;
  canPayFromBalance: boolean;
  /** The default bound card, when it can pay. */
  card: Card | null;
};

export function payOptions(balance: Balance | undefined, cards: readonly Card[] | undefined, totalMinor: number): PayOptions {
  const balanceMinor = balance && !balance.isCompany ? balance.balanceMinor : null;
  const card = cards?.find((candidate) => candidate.isDefault && candidate.status === 'linked' && !isExpired(candidate)) ?? null;
  return { balanceMinor, canPayFromBalance: balanceMinor !== null && balanceMinor >= totalMinor && totalMinor > 0, card };
}

/** The way offered first: the balance if it covers the order, then the default card, then the bank's page. */
export function initialMethod(options: PayOptions): ShopPaymentMethod {
  if (options.canPayFromBalance) return 'balance';
  return options.card ? 'boundCard' : 'oneTimeCard';
}

/** The chosen way if it is still possible (the total or the balance changed), else the first one. */
export function methodOf(chosen: ShopPaymentMethod | null, options: PayOptions): ShopPaymentMethod {
  if (chosen === 'balance' && options.canPayFromBalance) return chosen;
  if (chosen === 'boundCard' && options.card) return chosen;
  if (chosen === 'oneTimeCard') return chosen;
  return initialMethod(options);
}
