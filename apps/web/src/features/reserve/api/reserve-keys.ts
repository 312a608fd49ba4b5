import { chargesQueryKey } from '@/lib/charge-keys';
import { userQueryKey } from '@/lib/query-client';

/** Every query about the driver's reservations starts with this key; a create or cancel refreshes them. */
const all = [...userQueryKey, 'reserves'] as const;

export const reserveKeys = {
  all,
  list: [...all, 'list'] as const,
  one: (id: string) => [...all, 'one', id] as const,
  connector: (connectorId: string) => [...all, 'connector', connectorId] as const,
  /** The history lists reservations beside sessions (GET /v2/charges_plus_reserves). */
  history: [...chargesQueryKey, 'history'] as const,
};

/** While a reservation is on screen its cost and status move by themselves: asked again this often. */
export const RESERVATION_REFETCH_MS = 15_000;
