// The service worker's navigation fallback answers a page navigation with the app's shell only
// when the path is one of the app's own routes (app/paths.ts); every other path the server
// serves (acquirer pages, /api, /auth, /admin, /dev, /ocpp, /health, anything added later) goes
// to the network. Workbox tests a NavigationRoute's allow-list against pathname + search.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One segment of a router pattern: `:name` is one non-empty segment, anything else literal. */
function segmentSource(segment: string): string {
  if (segment.includes('*') || segment.endsWith('?')) {
    throw new Error(`route pattern segment not supported by the service worker: ${segment}`);
  }
  return segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment);
}

/**
 * An anchored RegExp per router pattern (`/receipt/:id`, `/c/:code`, `/`): the whole path of
 * that route (a trailing slash allowed, as the router allows it), with any query, and nothing
 * under or beside it.
 */
export function routeAllowlist(patterns: readonly string[]): RegExp[] {
  return patterns.map((pattern) => {
    if (!pattern.startsWith('/')) throw new Error(`route pattern must start with /: ${pattern}`);
    const segments = pattern.split('/').filter((segment) => segment !== '');
    const body = segments.map((segment) => `\\/${segmentSource(segment)}`).join('');
    return new RegExp(`^${body}\\/?(?:\\?.*)?$`);
  });
}
