import { userQueryKey } from '@/lib/query-client';

// The shop's queries: the catalogue is the brand's (anyone's), the orders are the driver's.
export const shopKeys = {
  catalogue: ['shop', 'catalogue'] as const,
  orders: [...userQueryKey, 'shop', 'orders'] as const,
  order: (id: string) => [...userQueryKey, 'shop', 'orders', 'one', id] as const,
};

/** The brand changes its goods rarely: an hour-old catalogue is fine (the order checks prices). */
export const CATALOGUE_STALE_MS = 60 * 60_000;
