import { userQueryKey } from './query-client';

// Query keys of the driver's sessions, apart from their queries: the shell's "session open"
// flag needs the keys in the first load, the queries (with their contracts) load later.

/** Every query about the driver's sessions starts with this key; a start or stop refreshes them. */
export const chargesQueryKey = [...userQueryKey, 'charges'] as const;
export const haveActiveQueryKey = [...chargesQueryKey, 'have-active'] as const;
