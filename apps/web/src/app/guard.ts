import { paths, ADMIN_URL } from './paths';

// SPEC §4, route guard. Pure functions: the component in route-guard.tsx applies them.

/** Paths a signed-out visitor may open (SPEC §4), compared without case and trailing slash. */
export const publicPaths: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.forgot,
  paths.resetPage,
  paths.guides,
  paths.privacyPolicy,
  paths.termsOfUse,
  paths.cardRedirect,
  paths.callback,
  paths.confirmPage,
  paths.detailStation,
  // A station's reviews are read by visitors as on its page; writing one asks to sign in.
  paths.comments,
  paths.accountDeleted,
];

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase() || '/';
}

const publicSet = new Set(publicPaths.map(normalise));

export function isPublicPath(pathname: string): boolean {
  return publicSet.has(normalise(pathname));
}

export type GuardInput = {
  pathname: string;
  search: string;
  isSignedIn: boolean;
  /** False when no route answers the path: the not-found page is open to everyone. */
  isKnownRoute: boolean;
  /** Where the user comes from inside the app; null when the page was opened directly. */
  previousPathname: string | null;
  /** The current interface language, kept in the `locale` of the redirect. */
  language: string;
};

export type GuardDecision =
  | { action: 'allow' }
  /** Leaving the map: stay on it (URL too) and open the login dialog over it. */
  | { action: 'loginDialog'; fromClient: string }
  /** Direct open or deep link: clear the session and go home, keeping the language. */
  | { action: 'signOutAndRedirect'; fromClient: string; to: string };

export function guardRoute(input: GuardInput): GuardDecision {
  if (input.isSignedIn || !input.isKnownRoute || isPublicPath(input.pathname)) {
    return { action: 'allow' };
  }
  const fromClient = input.pathname + input.search;
  if (input.previousPathname !== null && normalise(input.previousPathname) === paths.home) {
    return { action: 'loginDialog', fromClient };
  }
  return { action: 'signOutAndRedirect', fromClient, to: `${paths.home}?locale=${input.language}` };
}

/**
 * SPEC §2: any path containing /admin leaves the app for the staff console; not a path of the
 * console itself (/admin/…, its own pages: no reload loop).
 */
export function adminRedirect(pathname: string): string | null {
  if (!pathname.includes('/admin') || pathname.startsWith(ADMIN_URL)) return null;
  return ADMIN_URL;
}

export { readQueryEffects, type QueryEffects } from './query-effects';

export type NewDesignInput = {
  isNewDesign: boolean;
  hasOldDesignFlag: boolean;
  mainSiteUrl: string | undefined;
  pathname: string;
  search: string;
  /** The app's own origin: a main site on the same origin would reload us forever. */
  origin: string;
};

/** SPEC §4: `isNewDesign` = true sends the browser to the main site, same path and query. */
export function newDesignRedirect(input: NewDesignInput): string | null {
  if (!input.isNewDesign || input.hasOldDesignFlag || !input.mainSiteUrl) return null;
  let target: URL;
  try {
    target = new URL(input.pathname + input.search, input.mainSiteUrl);
  } catch {
    return null;
  }
  if (target.origin === input.origin) return null;
  return target.href;
}
