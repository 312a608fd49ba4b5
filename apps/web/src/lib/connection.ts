import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error-class';

// Whether the app can reach the server now (SPEC §2: the installed app stays usable without a
// network and says what needs one). Offline when the browser says so (navigator.onLine), when
// a request got no answer at all (ApiError 'NETWORK'), or when the service worker answered
// from the stations it kept (public/offline-sw.js); online again with the browser's `online`
// event or the next answer from the server. Loaded after the first screen (app/service-worker.ts),
// never by the map home's first load.

export type Connection = {
  isOnline: boolean;
  /** When the stations shown were received, if the service worker answered with kept ones. */
  keptAt: string | null;
};

type Listener = () => void;

let state: Connection = { isOnline: typeof navigator === 'undefined' ? true : navigator.onLine, keptAt: null };
const listeners = new Set<Listener>();

function set(next: Connection): void {
  if (next.isOnline === state.isOnline && next.keptAt === state.keptAt) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getConnection(): Connection {
  return state;
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A request got no answer, or the worker answered with kept stations (`keptAt`). */
export function markOffline(keptAt: string | null = null): void {
  set({ isOnline: false, keptAt: keptAt ?? state.keptAt });
}

/** The server answered, or the browser is back on a network. */
export function markOnline(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  set({ isOnline: true, keptAt: null });
}

/** Station answers may come from the service worker's kept ones: it says itself which. */
const isStationQuery = (key: readonly unknown[]) => key.some((part) => part === 'station' || part === 'stations');

const isNetworkError = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK';

type WorkerMessage = { type?: unknown; savedAt?: unknown };

/** What the service worker says about a station answer (public/offline-sw.js). */
export function onWorkerMessage(data: WorkerMessage | null | undefined): void {
  if (data?.type === 'evcharge:offline-answer') markOffline(typeof data.savedAt === 'string' ? data.savedAt : null);
  else if (data?.type === 'evcharge:offline') markOffline();
  else if (data?.type === 'evcharge:network') markOnline();
}

/**
 * Follows the browser's online/offline events, the service worker's messages and the query
 * client's failures. Returns the stop.
 */
export function watchConnection(client: QueryClient, target: Window = window): () => void {
  if (!target.navigator.onLine) markOffline();
  // Failures from before the watch started (an offline reload fails the first requests).
  if (client.getQueryCache().getAll().some((query) => isNetworkError(query.state.error))) markOffline();
  const onOnline = () => markOnline();
  const onOffline = () => markOffline();
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  const onMessage = (event: MessageEvent<WorkerMessage>) => onWorkerMessage(event.data);
  const worker = target.navigator.serviceWorker;
  worker?.addEventListener('message', onMessage);
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error' && isNetworkError(event.action.error)) markOffline();
    if (event.action.type === 'success' && !isStationQuery(event.query.queryKey)) markOnline();
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error' && isNetworkError(event.action.error)) markOffline();
    // A mutation's answer is the server's, never a kept one.
    if (event.action.type === 'success') markOnline();
  });
  return () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
    worker?.removeEventListener('message', onMessage);
    stopQueries();
    stopMutations();
  };
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

/** A short clock time, HH:MM, in the driver's language. */
export function clockTime(at: Date | number | string, language: string): string {
  return new Date(at).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}
