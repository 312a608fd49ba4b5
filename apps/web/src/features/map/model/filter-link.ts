import { paths } from '@/app/paths';

/**
 * Where "Filters" leads. SPEC §2 names the `filter` route, but SPEC §4 keeps it for signed-in
 * users (it is not a public path), while a visitor may use the map with filters (SPEC §6).
 * So a visitor gets the same filter screen inside the public map home.
 */
export function filterHref(isSignedIn: boolean): string {
  return isSignedIn ? paths.filter : `${paths.home}?view=filter`;
}
