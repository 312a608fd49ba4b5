import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error-class';
import { subscribeSession, getSession } from './session';

// Named stale times (house style): how long an answer is fresh enough to show without refetching.
export const staleTime = {
  brand: 60 * 60_000,
  legal: 60 * 60_000,
  user: 30_000,
  /** Connector availability changes by the minute; a map a minute old is still useful. */
  stations: 60_000,
  station: 20_000,
} as const;

/**
 * How often a visible screen asks again by itself, for what changes without the driver doing
 * anything: connector statuses on the station page and the map, and whether a session
 * is open. Not while the page is hidden (`refetchIntervalInBackground` stays false).
 */
export const refetchInterval = {
  station: 10_000,
  stations: 15_000,
  activeCharge: 60_000,
} as const;

/** Every query about the signed-in user starts with this key, so signing out drops them all. */
export const userQueryKey = ['user'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // 4xx answers will not change on retry; network blips and 5xx might.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  let signedIn = getSession() !== null;
  subscribeSession(() => {
    const now = getSession() !== null;
    if (signedIn && !now) client.removeQueries({ queryKey: userQueryKey });
    signedIn = now;
  });
  return client;
}

export const queryClient = createQueryClient();
