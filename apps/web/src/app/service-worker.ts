import { registerSW } from 'virtual:pwa-register';

/**
 * Loaded once the first screen has rendered and the browser is idle (start.tsx), so none of
 * it weighs on the map home's first load: registers the service worker, then loads the app's
 * offline watch (app/offline-watch.ts) from here, so the first load does not even name its
 * files (first-load budget, bench/RESULTS.md).
 */
export function startServiceWorker(): void {
  void registerSW({ immediate: true });
  void import('./offline-watch').then(({ startOfflineWatch }) => startOfflineWatch());
}
