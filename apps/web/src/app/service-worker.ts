import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { watchConnection } from '@/lib/connection';
import { queryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';
import { OfflineIndicator } from './offline-indicator';

/** The signed-in driver's station answers kept by the service worker (public/offline-sw.js). */
export const userStationsCache = 'evcharge-stations-user';

/** Nothing of a driver's is kept once they have signed out (or their session ended). */
export function forgetSignedInStations(store: CacheStorage | undefined = globalThis.caches): Promise<boolean> {
  return store ? store.delete(userStationsCache).catch(() => false) : Promise.resolve(false);
}

/**
 * Loaded once the first screen has rendered and the browser is idle (start.tsx), so none of
 * it weighs on the map home's first load: registers the service worker, follows the
 * connection (lib/connection.ts) and shows the app-wide offline note.
 */
export function startServiceWorker(): void {
  void registerSW({ immediate: true });
  // A mutation the network cannot carry fails at once with 'NETWORK' ("Needs a connection"),
  // rather than waiting, paused, to start or pay later on its own when the network is back.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, mutations: { ...defaults.mutations, networkMode: 'always' } });
  watchConnection(queryClient);
  if (getSession() === null) void forgetSignedInStations();
  subscribeSession(() => {
    if (getSession() === null) void forgetSignedInStations();
  });
  const host = document.createElement('div');
  host.className = 'offline-indicator-host';
  document.body.append(host);
  createRoot(host).render(createElement(OfflineIndicator));
}
