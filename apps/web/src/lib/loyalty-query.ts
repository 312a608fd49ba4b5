import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { checkLoyaltyAvailable, listLoyaltyCards } from '@evcharge/api/loyalty/loyalty';
import { apiRequest } from './api-client';
import { staleTime, userQueryKey } from './query-client';

// The driver's loyalty cards (SPEC §2 loyalty_cards, §7 Loyalty), read by their own screen, by
// precharging (which card a session runs with) and by the profile (whether to offer the screen).
// Shared here, since features do not import each other.

/** Every query about loyalty cards starts with this key; a change to a card refreshes them. */
export const loyaltyQueryKey = [...userQueryKey, 'loyalty'] as const;
export const loyaltyCardsQueryKey = [...loyaltyQueryKey, 'cards'] as const;

/** GET /loyalty: the driver's loyalty cards. */
export const loyaltyCardsQueryOptions = () =>
  queryOptions({
    queryKey: loyaltyCardsQueryKey,
    queryFn: async ({ signal }) => (await apiRequest(listLoyaltyCards, { signal })).items,
    staleTime: staleTime.user,
  });

export function useLoyaltyCardsQuery(enabled = true) {
  return useQuery({ ...loyaltyCardsQueryOptions(), enabled });
}

/** GET /loyalty/check/available: whether this deployment has any loyalty programme. */
export const loyaltyAvailableQueryOptions = () =>
  queryOptions({
    queryKey: [...loyaltyQueryKey, 'available'] as const,
    queryFn: async ({ signal }) => (await apiRequest(checkLoyaltyAvailable, { signal })).available,
    staleTime: staleTime.user,
  });

export function useLoyaltyAvailableQuery() {
  return useQuery(loyaltyAvailableQueryOptions());
}

/** The card a session runs with unless the driver picks another. */
export function defaultLoyaltyCard(cards: readonly LoyaltyCard[]): LoyaltyCard | undefined {
  return cards.find((card) => card.isDefault);
}
