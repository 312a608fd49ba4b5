import { paths, withSearch } from '@/app/paths';

// The money screens' URLs come from app/paths.ts; the feature's links use these names.
export const paymentPaths = {
  cards: paths.cards,
  wallet: paths.wallet,
  debt: paths.debt,
  receipts: paths.receipts,
  receipt: paths.receipt,
  cardRedirect: paths.cardRedirect,
  // The return page's chunks are named in the first load (the router's table): importing
  // app/charge-paths.ts for the shop's links would add one more, so they are made here.
  shopCart: withSearch(paths.shop, { view: 'cart' }),
} as const;

export function receiptPath(id: string): string {
  return paths.receipt.replace(':id', encodeURIComponent(id));
}

/** One shop order (the shop's own links are app/charge-paths.ts `shopOrderPath`). */
export function shopOrderPath(id: string): string {
  return withSearch(paths.shop, { order: id });
}
