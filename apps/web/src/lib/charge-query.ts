import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getChargeById, getCharges } from '@evcharge/api/sessions/get-charges';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { isSessionOpen } from '@evcharge/api/sessions/charge-schemas';
import { apiRequest } from './api-client';
import { chargesQueryKey, haveActiveQueryKey } from './charge-keys';

// The driver's sessions as several screens read them (charging, history): the open ones and
// one session with its readings. Shared here, since features do not import each other.

/** A session's figures move with every meter reading; the long poll keeps them fresh. */
export const chargeStaleTime = { session: 10_000, history: 30_000 } as const;

export const chargeKeys = {
  all: chargesQueryKey,
  current: [...chargesQueryKey, 'current'] as const,
  detail: (transactionId: number) => [...chargesQueryKey, 'detail', transactionId] as const,
  haveActive: haveActiveQueryKey,
};

// Where the driver's events stood when the open sessions were last listed: the long poll
// starts there, not at the driver's first event ever.
let listCursor = 0;

export function chargeListCursor(): number {
  return listCursor;
}

/** GET /charge: open sessions, and finished ones whose summary the driver has not closed. */
export const currentChargesQueryOptions = () =>
  queryOptions({
    queryKey: chargeKeys.current,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(getCharges, { signal });
      listCursor = Math.max(listCursor, answer.cursor);
      return answer.items;
    },
    staleTime: chargeStaleTime.session,
  });

/** GET /charge/id/{transactionId}: one session with its readings and cost items. */
export const chargeDetailQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: chargeKeys.detail(transactionId),
    queryFn: ({ signal }) => apiRequest(getChargeById, { params: { transactionId }, signal }),
    staleTime: chargeStaleTime.session,
  });

/** Whether GET /charge would list this session (and the shell show it as open). */
export function isListedAsCurrent(charge: Charge): boolean {
  return isSessionOpen(charge.status) || !charge.isUserClosed;
}

/**
 * Puts a session as the server just described it into every cached view of it: the current
 * list, its details (readings kept) and the shell's "session open" flag.
 */
export function storeCharge(client: QueryClient, charge: Charge): void {
  client.setQueryData<Charge[]>(chargeKeys.current, (items) => {
    // Not loaded yet: the list's own request brings it whole.
    if (!items) return items;
    const rest = items.filter((item) => item.transactionId !== charge.transactionId);
    if (!isListedAsCurrent(charge)) return rest;
    const index = items.findIndex((item) => item.transactionId === charge.transactionId);
    if (index === -1) return [charge, ...rest];
    return items.map((item) => (item.transactionId === charge.transactionId ? charge : item));
  });
  client.setQueryData<ChargeDetail>(chargeKeys.detail(charge.transactionId), (detail) =>
    detail ? { ...detail, ...charge } : detail,
  );
  syncHaveActive(client);
}

/** The shell's flag follows the cached list, so it changes the moment a session does. */
export function syncHaveActive(client: QueryClient): void {
  const items = client.getQueryData<Charge[]>(chargeKeys.current);
  if (!items) return;
  const transactionIds = items.filter((item) => isSessionOpen(item.status)).map((item) => item.transactionId);
  client.setQueryData(chargeKeys.haveActive, { haveActive: transactionIds.length > 0, transactionIds });
}
