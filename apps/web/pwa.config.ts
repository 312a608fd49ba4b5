import type { VitePWAOptions } from 'vite-plugin-pwa';
import { paths } from './src/app/paths';
import { routeAllowlist } from './src/app/route-allowlist';

// The brand is the host's, chosen by the server at run time (SPEC §1; one build serves every
// brand). The server writes the Web App Manifest (/manifest.webmanifest) and the brand's title,
// icon and colours into index.html, app.html and push-sw.js, and marks their revisions in the
// precache list of sw.js with the brand (apps/server/src/plugins/brand-page.ts): a worker
// keeps its own host's pages and never another brand's. The manifest is not precached: the
// browser asks the server for it.

/**
 * The paths a navigation may be answered with the app's shell: the router's own routes
 * (app/paths.ts), nothing else. Every other page the server serves (the acquirer's card page,
 * /api, /auth, /admin, /dev, /ocpp, receipts' PDF, and any route added later) goes to the
 * network, as it would without a service worker.
 */
export const navigationAllowlist: RegExp[] = routeAllowlist(Object.values(paths));

// The shell (HTML, JS, CSS, locale chunks) is precached. As on the server, / is index.html (the
// map home's static shell, whatever its query: the precache route answers it before the
// navigation fallback, and no precached file differs by query) and every other screen's path
// is app.html.
export const pwaWorkbox: VitePWAOptions['workbox'] = {
  globPatterns: ['**/*.{js,css,html,svg,json}'],
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: '/app.html',
  navigateFallbackAllowlist: navigationAllowlist,
  runtimeCaching: [],
  // Web Push: the push and notificationclick handlers (public/push-sw.js). The last stations
  // seen, kept for a phone without a network (public/offline-sw.js): the station answers
  // only, never a page, money, sign-in or session answer.
  importScripts: ['/push-sw.js', '/offline-sw.js'],
  cleanupOutdatedCaches: true,
};
