/** The signed-in driver's station answers kept by the service worker (public/offline-sw.js). */
export const userStationsCache = 'evcharge-stations-user';

/** Nothing of a driver's is kept once they have signed out (or their session ended). */
export function forgetSignedInStations(store: CacheStorage | undefined = globalThis.caches): Promise<boolean> {
  return store ? store.delete(userStationsCache).catch(() => false) : Promise.resolve(false);
}
