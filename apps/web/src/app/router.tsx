import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen';
import { ChunkLoadFailed } from './chunk-load-failed';
import { screen, withTimeout } from './lazy-route';
import { paths, signedInScreenPaths, type SignedInScreen } from './paths';
import { PublicLayout } from './public-layout';
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
        Component: PublicLayout,
        ErrorBoundary: RouteError,
        children: [
          { path: paths.login, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/auth/components/login-page'), 'LoginPage', ['auth']) },
          { path: paths.register, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/auth/components/register-page'), 'RegisterPage', ['auth']) },
          { path: paths.forgot, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/auth/components/forgot-page'), 'ForgotPage', ['auth']) },
          { path: paths.resetPage, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/auth/components/reset-page'), 'ResetPage', ['auth']) },
          { path: paths.confirmPage, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/auth/components/confirm-page'), 'ConfirmPage', ['auth']) },
          { path: paths.termsOfUse, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/legal/components/terms-of-use-page'), 'TermsOfUsePage', ['legal']) },
          { path: paths.privacyPolicy, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/legal/components/privacy-policy-page'), 'PrivacyPolicyPage', ['legal']) },
          { path: paths.guides, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/guides/components/guides-page'), 'GuidesPage', ['guides']) },
          // Back from the acquirer's page: after binding a card, and after a payment (SPEC §2).
          ...[paths.cardRedirect, paths.callback].map((path) => ({ path, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/payments/components/payment-return-page'), 'PaymentReturnPage', ['payments', 'errors']) })),
          { path: paths.accountDeleted, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/account/components/account-deleted-page'), 'AccountDeletedPage', ['profile']) },
          { id: 'not-found', path: '*', ErrorBoundary: RouteError, lazy: screen(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage') },
        ],
      },
      {
        Component: AppShell,
        ErrorBoundary: RouteError,
        children: [
          { index: true, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/map/components/map-home-page'), 'MapHomePage', ['map']) },
          { path: paths.detailStation, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/station/components/station-page'), 'StationPage', ['station']) },
          { path: paths.comments, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/station/components/comments-page'), 'CommentsPage', ['reviews', 'station']) },
          { path: paths.qrEntry, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/station/components/qr-entry-page'), 'QrEntryPage', ['station']) },
          ...signedInRoutes,
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
