import type { screen } from './lazy-route';
import { entry, loadEntry } from './screen-entry';

// The screens a visitor opens besides the map (a station, its reviews, a QR code's; sign-in, registration,
// password, legal, guides, the way back from the acquirer, not found) and the layout of those
// outside the shell load through this module: the map home's first load names only this small
// chunk instead of each screen's list of files (the first-load budget, bench/RESULTS.md).
// app/start.tsx asks for it once the first screen is in, so following a link to one of these
// screens waits for no extra round trip.

const screens = {
  station: entry(() => import('@/features/station/components/station-page'), 'StationPage', ['station']),
  comments: entry(() => import('@/features/station/components/comments-page'), 'CommentsPage', ['reviews', 'station']),
  qrEntry: entry(() => import('@/features/station/components/qr-entry-page'), 'QrEntryPage', ['station']),
  login: entry(() => import('@/features/auth/components/login-page'), 'LoginPage', ['auth']),
  register: entry(() => import('@/features/auth/components/register-page'), 'RegisterPage', ['auth']),
  forgot: entry(() => import('@/features/auth/components/forgot-page'), 'ForgotPage', ['auth']),
  resetPage: entry(() => import('@/features/auth/components/reset-page'), 'ResetPage', ['auth']),
  confirmPage: entry(() => import('@/features/auth/components/confirm-page'), 'ConfirmPage', ['auth']),
  termsOfUse: entry(() => import('@/features/legal/components/terms-of-use-page'), 'TermsOfUsePage', ['legal']),
  privacyPolicy: entry(() => import('@/features/legal/components/privacy-policy-page'), 'PrivacyPolicyPage', ['legal']),
  guides: entry(() => import('@/features/guides/components/guides-page'), 'GuidesPage', ['guides']),
  // Back from the acquirer's page: after binding a card, and after a payment (SPEC §2).
  paymentReturn: entry(() => import('@/features/payments/components/payment-return-page'), 'PaymentReturnPage', ['payments', 'errors']),
  accountDeleted: entry(() => import('@/features/account/components/account-deleted-page'), 'AccountDeletedPage', ['profile']),
  notFound: entry(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage'),
};

export type PublicScreen = keyof typeof screens;

/** The route's `lazy` result for one of the screens, through the router's own `screen`. */
export function loadPublicScreen(key: PublicScreen, load: typeof screen) {
  return loadEntry(screens[key], load);
}

/** The layout of the screens outside the shell, with the language picker. */
export async function loadPublicLayout() {
  const { PublicLayout } = await import('./public-layout');
  return { Component: PublicLayout };
}
