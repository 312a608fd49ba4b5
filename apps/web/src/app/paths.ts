import { matchPath } from 'react-router';

// The one place that names the app's URLs (SPEC §2). Routes, links and the guard all use it.
// Outside the main shell:
const outside = {
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  resetPage: '/resetPage',
  confirmPage: '/confirm_page',
  termsOfUse: '/termsofuse',
  privacyPolicy: '/privacypolicy',
  guides: '/gides',
  /** Back from the acquirer's page after binding a card. */
  cardRedirect: '/cardredirect',
  /** Back from the acquirer's page after a payment by a card typed there (top-up, debt, order). */
  callback: '/callback',
  /** SPEC §4: where a deleted account ends, signed out: what went and what the law keeps. */
  accountDeleted: '/accountDeleted',
} as const;

// Under the main shell, loaded by the router itself: the map home (the empty path) and the
// screens a link or a QR code opens first.
const shell = {
  home: '/',
  detailStation: '/detailStation',
  // SPEC §2 comments: a station's reviews, `?id=<guid>` as on detailStation; public to read.
  comments: '/comments',
  qrEntry: '/c/:code',
} as const;

/**
 * Under the main shell, a signed-in driver's screens (SPEC §4: none is public), loaded through
 * app/charge-screens.ts. The router makes one route of each line, so a new screen adds only
 * its line here to the map home's first load (the first-load budget, bench/RESULTS.md).
 */
export const signedInScreenPaths = {
  profile: '/profile',
  appSettings: '/appSettings',
  filter: '/filter',
  about: '/about',
  help: '/help',
  precharging: '/precharging',
  chargeProfile: '/chargeProfile',
  charging: '/charging',
  history: '/history',
  // SPEC §2 reserve: reserve a connector, one reservation, the driver's reservations.
  reserve: '/reserve',
  dashboard: '/dashboard',
  multiaccount: '/multiaccount',
  events: '/events',
  // SPEC §2 chat: the support chat (§7 Messages).
  chat: '/chat',
  cars: '/cars',
  // SPEC §2 rfid (bind a tag: the wizard) and my_rfid (the driver's RFID tags).
  rfid: '/rfid',
  myRfid: '/my_rfid',
  favourites: '/favourites',
  // SPEC §2 loyalty_cards, §7 Loyalty: the driver's loyalty cards.
  loyaltyCards: '/loyalty_cards',
  profileSettings: '/profileset',
  deleteAccount: '/deleteAccount',
  confirmPhone: '/confirmPhone',
  // Money: cards, the balance with its top-up and operations, the debt, receipts.
  cards: '/cards',
  wallet: '/balance',
  debt: '/debt',
  receipts: '/receipts',
  receipt: '/receipt/:id',
  // SPEC §2 shop: the goods, the cart with delivery and payment, the orders (`?view`, `?order`).
  shop: '/shop',
  // SPEC §2 myCharges: the driver's own stations; ?station=<id> the schedule of one.
  myCharges: '/myCharges',
} as const;
export type SignedInScreen = keyof typeof signedInScreenPaths;

export const paths = { ...outside, ...shell, ...signedInScreenPaths } as const;
export type AppPath = (typeof paths)[keyof typeof paths];

/** The administrator interface lives outside this app (SPEC §2). */
export const ADMIN_URL = '/admin/';

/** The station page, with the connector chosen (from a QR code) when there is one. */
export function stationPath(id: string, connector?: number | null): string {
  const search: Record<string, string> = { id };
  if (connector !== undefined && connector !== null) search.connector = String(connector);
  return withSearch(paths.detailStation, search);
}

/** A station's reviews (SPEC §2 comments). */
export function commentsPath(id: string): string {
  return withSearch(paths.comments, { id });
}

/** True when a registered route answers `pathname`; anything else is the not-found page. */
export function isKnownPath(pathname: string): boolean {
  return Object.values(paths).some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** A path inside this app plus its query, for links that must keep e.g. `?token=`. */
export function withSearch(path: string, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}
