import type { QueryClient } from '@tanstack/react-query';
import { userQueryKey } from './query-client';
import { selfQueryKey } from './self-query';

// The keys of the driver's money queries and the refresh after money moved, shared by the money
// screens and the shop. Apart from money-query.ts: the return page from the bank needs only
// these, and the balance's and cards' contracts would add chunks to the first load's route table.

// Every query of the money screens starts with the user's key, so signing out drops them all.
export const paymentKeys = {
  all: [...userQueryKey, 'payments'] as const,
  cards: [...userQueryKey, 'payments', 'cards'] as const,
  balance: [...userQueryKey, 'payments', 'balance'] as const,
  operations: [...userQueryKey, 'payments', 'operations'] as const,
  payment: (id: string) => [...userQueryKey, 'payments', 'payment', id] as const,
  receipts: [...userQueryKey, 'payments', 'receipts'] as const,
  receipt: (id: string) => [...userQueryKey, 'payments', 'receipt', id] as const,
};

/** How long an answer is fresh enough to show without asking again. */
export const paymentStaleTime = {
  /** Money moves with every session: always ask again when a screen opens. */
  balance: 0,
  cards: 30_000,
  receipts: 60_000,
  /** A receipt never changes once issued. */
  receipt: Infinity,
} as const;

/** Money moved: the balance, its operations, the cards, receipts and the profile read again. */
export function refreshMoney(client: QueryClient): void {
  for (const queryKey of [paymentKeys.balance, paymentKeys.operations, paymentKeys.cards, paymentKeys.receipts, selfQueryKey]) {
    void client.invalidateQueries({ queryKey });
  }
}
