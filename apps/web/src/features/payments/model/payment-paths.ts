import { paths } from '@/app/paths';

// The money screens' URLs come from app/paths.ts; the feature's links use these names.
export const paymentPaths = {
  cards: paths.cards,
  wallet: paths.wallet,
  debt: paths.debt,
  receipts: paths.receipts,
  receipt: paths.receipt,
  cardRedirect: paths.cardRedirect,
} as const;

export function receiptPath(id: string): string {
  return paths.receipt.replace(':id', encodeURIComponent(id));
}
