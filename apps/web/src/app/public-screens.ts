import { entry, loadEntry } from './screen-entry';
import type { screen } from './lazy-route';

// The screens outside the shell (sign-in, registration, password, legal, guides, the way back
// from the acquirer, not found) and their layout load through this module: the map home's first
// load names only this small chunk instead of each screen's list of files (the first-load
// budget, bench/RESULTS.md). The router asks for it once the first screen is in (router.tsx),
// so following a link to one of these screens waits for no extra round trip.

const screens = {
  login: entry(() => import('@/features/auth/components/login-page'), 'LoginPage', ['auth']),
  register: entry(() => import('@/features/auth/components/register-page'), 'RegisterPage', [
    'auth',
  ]),
  forgot: entry(() => import('@/features/auth/components/forgot-page'), 'ForgotPage', ['auth']),
  resetPage: entry(() => import('@/features/auth/components/reset-page'), 'ResetPage', ['auth']),
  confirmPage: entry(() => import('@/features/auth/components/confirm-page'), 'ConfirmPage', [
    'auth',
  ]),
  termsOfUse: entry(
    () => import('@/features/legal/components/terms-of-use-page'),
    'TermsOfUsePage',
    ['legal'],
  ),
  privacyPolicy: entry(
    () => import('@/features/legal/components/privacy-policy-page'),
    'PrivacyPolicyPage',
    ['legal'],
  ),
  guides: entry(() => import('@/features/guides/components/guides-page'), 'GuidesPage', ['guides']),
  // Back from the acquirer's page: after binding a card, and after a payment (SPEC §2).
  paymentReturn: entry(
    () => import('@/features/payments/components/payment-return-page'),
    'PaymentReturnPage',
    ['payments', 'errors'],
  ),
  accountDeleted: entry(
    () => import('@/features/account/components/account-deleted-page'),
    'AccountDeletedPage',
    ['profile'],
  ),
  notFound: entry(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage'),
};

export type PublicScreen = keyof typeof screens;

/** The route's `lazy` result for one of the screens, through the router's own `screen`. */
export function loadPublicScreen(key: PublicScreen, load: typeof screen) {
  return loadEntry(screens[key], load);
}

/** The layout around them, with the language picker. */
export async function loadPublicLayout() {
  const { PublicLayout } = await import('./public-layout');
  return { Component: PublicLayout };
}
