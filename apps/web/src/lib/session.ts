import { useSyncExternalStore } from 'react';
import { readClient, storageKeys, writeClient, writeCurrencyCode, type StoredClient } from './storage';

// The signed-in state lives in localStorage (`client`); this module keeps one in-memory copy
// and tells subscribers when it changes, also when another tab signs in or out.
let current: StoredClient | null = readClient();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): StoredClient | null {
  return current;
}

export function getAccessToken(): string | null {
  return current?.accessToken ?? null;
}

export function isSignedIn(): boolean {
  return current !== null;
}

/** SPEC §4: success requires a result with an access token. */
export function startSession(result: StoredClient): void {
  current = result;
  endReason = null;
  writeClient(result);
  writeCurrencyCode(result.CurrencyCode);
  emit();
}

export function updateSession(patch: Partial<StoredClient>): void {
  if (!current) return;
  current = { ...current, ...patch };
  writeClient(current);
  emit();
}

export type SessionEndReason = 'logout' | 'expired';
let endReason: SessionEndReason | null = null;

/**
 * Clears the local session; the caller revokes the token on the server when it still can.
 * `logout` (the user asked) tells the route guard not to remember the page for later.
 */
export function clearSession(reason: SessionEndReason = 'expired'): void {
  const wasSignedIn = current !== null;
  current = null;
  writeClient(null);
  if (!wasSignedIn) return;
  endReason = reason;
  emit();
}

/** Why the last session ended, once: the guard reads it when it reacts to the sign-out. */
export function takeSessionEndReason(): SessionEndReason | null {
  const reason = endReason;
  endReason = null;
  return reason;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== storageKeys.client) return;
    current = readClient();
    emit();
  });
}

export function useSession(): StoredClient | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
