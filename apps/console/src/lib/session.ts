import { useSyncExternalStore } from 'react';

// The console's own sign-in, apart from the driver app's `client` record: a staff member may
// be signed in to both on one browser as different accounts.
export const CONSOLE_SESSION_KEY = 'evcharge.console.session';

export type ConsoleSession = { accessToken: string };

function read(): ConsoleSession | null {
  try {
    const raw = window.localStorage.getItem(CONSOLE_SESSION_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'accessToken' in value) {
      const token = (value as { accessToken: unknown }).accessToken;
      if (typeof token === 'string' && token.length > 0) return { accessToken: token };
    }
  } catch {
    // A corrupt record counts as signed out.
  }
  return null;
}

let current: ConsoleSession | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function getSession(): ConsoleSession | null {
  return current;
}

export function getAccessToken(): string | null {
  return current?.accessToken ?? null;
}

export function startSession(session: ConsoleSession): void {
  current = session;
  window.localStorage.setItem(CONSOLE_SESSION_KEY, JSON.stringify(session));
  emit();
}

export function clearSession(): void {
  const was = current;
  current = null;
  window.localStorage.removeItem(CONSOLE_SESSION_KEY);
  if (was) emit();
}

/** Re-reads the stored record (another tab signed in or out; tests reset it). */
export function reloadSession(): void {
  current = read();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === CONSOLE_SESSION_KEY) reloadSession();
  });
}

export function useSession(): ConsoleSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
