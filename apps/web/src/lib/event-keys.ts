import { userQueryKey } from './query-client';

// Query keys of the driver's notifications (GET /events), apart from their queries: the
// shell's unread dot and the notifications screen share them.

export const eventsQueryKey = [...userQueryKey, 'events'] as const;
export const unreadEventsQueryKey = [...eventsQueryKey, 'unread'] as const;

/** How many support messages the driver has not read (GET /messages/new): the shell's badge. */
export const newMessagesQueryKey = [...userQueryKey, 'messages', 'new'] as const;
