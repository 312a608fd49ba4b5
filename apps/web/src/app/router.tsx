import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen';
import { ChunkLoadFailed } from './chunk-load-failed';
import { screen, withTimeout } from './lazy-route';
import { paths, signedInScreenPaths, type SignedInScreen } from './paths';
import type { PublicScreen } from './public-screens';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/**
 * A signed-in driver's screen, loaded through app/charge-screens.ts: this table is part of the
 * map home's first load and stays small (the first-load budget, bench/RESULTS.md). Shown as a load error if even that
 * small chunk does not arrive.
 */
const signedInScreen = (key: SignedInScreen) => () =>
  withTimeout(import('./charge-screens')).then((m) => m.loadSignedInScreen(key, screen), () => ({ Component: ChunkLoadFailed }));

/** A screen a visitor opens besides the map, loaded through app/public-screens.ts for the same reason. */
const publicScreen = (key: PublicScreen) => () =>
  withTimeout(import('./public-screens')).then((m) => m.loadPublicScreen(key, screen), () => ({ Component: ChunkLoadFailed }));

/** The layout of those outside the shell, likewise. */
const publicLayout = () =>
  withTimeout(import('./public-screens')).then((m) => m.loadPublicLayout(), () => ({ Component: ChunkLoadFailed }));

// One route per line of `signedInScreenPaths`: a new screen of the shell adds nothing here.
const signedInRoutes = (Object.keys(signedInScreenPaths) as SignedInScreen[]).map(
  (key): RouteObject => ({ path: signedInScreenPaths[key], ErrorBoundary: RouteError, lazy: signedInScreen(key) }),
);

// SPEC §2. Only the screens of the current issues are registered; each is its own chunk.
// Every screen has its own error boundary, so a failed chunk keeps the shell around it.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: publicLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: paths.login, ErrorBoundary: RouteError, lazy: publicScreen('login') },
          { path: paths.register, ErrorBoundary: RouteError, lazy: publicScreen('register') },
          { path: paths.forgot, ErrorBoundary: RouteError, lazy: publicScreen('forgot') },
          { path: paths.resetPage, ErrorBoundary: RouteError, lazy: publicScreen('resetPage') },
          { path: paths.confirmPage, ErrorBoundary: RouteError, lazy: publicScreen('confirmPage') },
          { path: paths.termsOfUse, ErrorBoundary: RouteError, lazy: publicScreen('termsOfUse') },
          { path: paths.privacyPolicy, ErrorBoundary: RouteError, lazy: publicScreen('privacyPolicy') },
          { path: paths.guides, ErrorBoundary: RouteError, lazy: publicScreen('guides') },
          // Back from the acquirer's page: after binding a card, and after a payment (SPEC §2).
          ...[paths.cardRedirect, paths.callback].map((path) => ({ path, ErrorBoundary: RouteError, lazy: publicScreen('paymentReturn') })),
          { path: paths.accountDeleted, ErrorBoundary: RouteError, lazy: publicScreen('accountDeleted') },
          { id: 'not-found', path: '*', ErrorBoundary: RouteError, lazy: publicScreen('notFound') },
        ],
      },
      {
        Component: AppShell,
        ErrorBoundary: RouteError,
        children: [
          { index: true, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/map/components/map-home-page'), 'MapHomePage', ['map']) },
          { path: paths.detailStation, ErrorBoundary: RouteError, lazy: publicScreen('station') },
          { path: paths.comments, ErrorBoundary: RouteError, lazy: publicScreen('comments') },
          { path: paths.qrEntry, ErrorBoundary: RouteError, lazy: publicScreen('qrEntry') },
          ...signedInRoutes,
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
