import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { afterFirstScreen } from '@/lib/first-screen';
import { initI18n } from '@/lib/i18n';
import { applyDisplayScale, initialLanguage } from '@/lib/preferences';
import { whenIdle, yieldToMain } from '@/lib/yield';
import { scheduleAnalytics } from './analytics-schedule';
import { runBootRedirects } from './boot';
import { Providers } from './providers';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Settles once the router has loaded the first screen's code and texts (its `lazy`). */
function firstScreenLoaded(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Starts the app; main.tsx calls it once the static shell has painted. */
export async function start(): Promise<void> {
  if (!(await runBootRedirects())) return;
  applyDisplayScale();
  // The boot texts and the first screen's chunk and texts load side by side (lazy-route.ts
  // waits for i18n's start before it asks for the screen's namespaces). Starting i18n and the
  // router are tasks of their own, apart from evaluating the app's code.
  await yieldToMain();
  const i18nStarted = initI18n(initialLanguage());
  await yieldToMain();
  const router = createAppRouter();
  await Promise.all([i18nStarted, firstScreenLoaded(router)]);
  // Rendering only now, the first commit is the whole first screen: React replaces the static
  // shell in #root with it at once (no spinner in between). As a transition the render yields
  // to the browser every few milliseconds instead of blocking a phone's main thread in one long
  // task (Total Blocking Time, bench/RESULTS.md).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
  // The service worker is no part of the first screen: it registers once that has rendered and
  // the browser is idle, so its precaching does not compete with the map's requests. The
  // offline note and the connection watch come with it (app/service-worker.ts).
  void afterFirstScreen()
    .then(() => whenIdle())
    .then(() => import('./service-worker'))
    .then(({ startServiceWorker }) => startServiceWorker());
  void scheduleAnalytics(router);
  // Ready before the first failed request needs it (lib/api-client.ts).
  void afterFirstScreen()
    .then(() => whenIdle())
    .then(() => import('@/lib/error-answer'));
  // The table of the screens a visitor opens besides the map (router.tsx), before a link to one
  // is followed.
  void afterFirstScreen()
    .then(() => whenIdle())
    .then(() => import('./public-screens'));
}
