import { watchConnection } from '@/lib/connection';
import { queryClient } from '@/lib/query-client';
import { getSession, subscribeSession } from '@/lib/session';
import { forgetSignedInStations } from './kept-stations';
import { mountOfflineIndicator } from './offline-indicator';

/**
 * The app offline (SPEC §2), started with the service worker (app/service-worker.ts): follows
 * the connection (lib/connection.ts), shows the app-wide offline note, and deletes the
 * signed-in driver's kept stations once they sign out.
 */
export function startOfflineWatch(): void {
  // A mutation the network cannot carry fails at once with 'NETWORK' ("Needs a connection"),
  // rather than waiting, paused, to start or pay later on its own when the network is back.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, mutations: { ...defaults.mutations, networkMode: 'always' } });
  watchConnection(queryClient);
  if (getSession() === null) void forgetSignedInStations();
  subscribeSession(() => {
    if (getSession() === null) void forgetSignedInStations();
  });
  mountOfflineIndicator();
}
