import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen';
import type { ChargeScreen } from './charge-screens';
import { ChunkLoadFailed } from './chunk-load-failed';
import { screen, withTimeout } from './lazy-route';
import { paths, routeSegments } from './paths';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/**
 * A charging screen (issue 4), loaded through app/charge-screens.ts: this table is part of the
 * map home's first load and stays small (issue 3 budget). Shown as a load error if even that
 * small chunk does not arrive.
 */
const chargeScreen = (key: ChargeScreen) => () =>
  withTimeout(import('./charge-screens')).then((m) => m.loadChargeScreen(key, screen), () => ({ Component: ChunkLoadFailed }));

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
          { id: 'not-found', path: '*', ErrorBoundary: RouteError, lazy: screen(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage') },
        ],
      },
      {
        Component: AppShell,
        ErrorBoundary: RouteError,
        children: [
          { index: true, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/map/components/map-home-page'), 'MapHomePage', ['map']) },
          { path: routeSegments.filter, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/map/components/filter-page'), 'FilterPage', ['map', 'filter']) },
          { path: routeSegments.detailStation, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/station/components/station-page'), 'StationPage', ['station']) },
          { path: routeSegments.qrEntry, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/station/components/qr-entry-page'), 'QrEntryPage', ['station']) },
          { path: routeSegments.about, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/about/components/about-page'), 'AboutPage', ['about']) },
          { path: routeSegments.help, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/about/components/help-page'), 'HelpPage', ['about']) },
          { path: routeSegments.profile, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/profile/components/profile-page'), 'ProfilePage', ['profile']) },
          { path: routeSegments.appSettings, ErrorBoundary: RouteError, lazy: screen(() => import('@/features/settings/components/app-settings-page'), 'AppSettingsPage', ['settings']) },
          { path: paths.precharging, ErrorBoundary: RouteError, lazy: chargeScreen('precharging') },
          { path: paths.chargeProfile, ErrorBoundary: RouteError, lazy: chargeScreen('chargeProfile') },
          { path: paths.charging, ErrorBoundary: RouteError, lazy: chargeScreen('charging') },
          { path: paths.history, ErrorBoundary: RouteError, lazy: chargeScreen('history') },
          { path: paths.dashboard, ErrorBoundary: RouteError, lazy: chargeScreen('dashboard') },
          { path: paths.multiaccount, ErrorBoundary: RouteError, lazy: chargeScreen('multiaccount') },
          { path: paths.events, ErrorBoundary: RouteError, lazy: chargeScreen('events') },
          { path: paths.cars, ErrorBoundary: RouteError, lazy: chargeScreen('cars') },
          { path: paths.favourites, ErrorBoundary: RouteError, lazy: chargeScreen('favourites') },
          { path: paths.profileSettings, ErrorBoundary: RouteError, lazy: chargeScreen('profileSettings') },
          { path: paths.deleteAccount, ErrorBoundary: RouteError, lazy: chargeScreen('deleteAccount') },
          { path: paths.confirmPhone, ErrorBoundary: RouteError, lazy: chargeScreen('confirmPhone') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
