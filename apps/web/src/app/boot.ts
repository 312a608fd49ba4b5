import { brandQueryOptions, pageBrand } from '@/lib/brand';
import { queryClient } from '@/lib/query-client';
import { readIsNewDesign } from '@/lib/storage';
import { adminRedirect, newDesignRedirect, readQueryEffects } from './guard';
import { applyQueryParams } from './query-params';

/** How long the first page waits for the brand before it gives up on the new-design redirect. */
const BRAND_WAIT_MS = 5_000;

/**
 * Before the first render: leave for the admin interface or the new design when SPEC §2/§4
 * say so. Returns false when the browser is leaving and nothing should render.
 */
export async function runBootRedirects(location: Location = window.location): Promise<boolean> {
  const admin = adminRedirect(location.pathname);
  if (admin) {
    location.replace(admin);
    return false;
  }
  applyQueryParams(location.search);
  if (!readIsNewDesign()) return true;
  const brand = pageBrand() ?? await Promise.race([
    queryClient.fetchQuery(brandQueryOptions({ waitForFirstScreen: false })).catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(resolve, BRAND_WAIT_MS)),
  ]);
  const target = newDesignRedirect({
    isNewDesign: true,
    hasOldDesignFlag: readQueryEffects(location.search).clearNewDesign,
    mainSiteUrl: brand?.mainSiteUrl,
    pathname: location.pathname,
    search: location.search,
    origin: location.origin,
  });
  if (!target) return true;
  location.replace(target);
  return false;
}
