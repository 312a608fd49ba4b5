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
} as const;

// Under the main shell (the empty path is the map home):
const shell = {
  home: '/',
  profile: '/profile',
  appSettings: '/appSettings',
  filter: '/filter',
  detailStation: '/detailStation',
  qrEntry: '/c/:code',
  about: '/about',
  help: '/help',
  precharging: '/precharging',
  chargeProfile: '/chargeProfile',
  charging: '/charging',
  history: '/history',
  dashboard: '/dashboard',
  multiaccount: '/multiaccount',
  events: '/events',
  cars: '/cars',
  favourites: '/favourites',
  profileSettings: '/profileset',
  deleteAccount: '/deleteAccount',
  confirmPhone: '/confirmPhone',
} as const;

export const paths = { ...outside, ...shell } as const;
export type AppPath = (typeof paths)[keyof typeof paths];

/** Paths of screens of later issues that the guard already treats as public (SPEC §4). */
export const futurePublicPaths = {
  cardRedirect: '/cardredirect',
} as const;

/** The administrator interface lives outside this app (SPEC §2). */
export const ADMIN_URL = '/admin/';

/** Route path segments for the router (children of the shell have no leading slash). */
export const routeSegments = {
  profile: 'profile',
  appSettings: 'appSettings',
  filter: 'filter',
  detailStation: 'detailStation',
  qrEntry: 'c/:code',
  about: 'about',
  help: 'help',
} as const;

/** The station page, with the connector chosen (from a QR code) when there is one. */
export function stationPath(id: string, connector?: number | null): string {
  const search: Record<string, string> = { id };
  if (connector !== undefined && connector !== null) search.connector = String(connector);
  return withSearch(paths.detailStation, search);
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
