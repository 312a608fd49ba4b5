import type { VitePWAOptions } from 'vite-plugin-pwa';
import { paths } from './src/app/paths';
import { routeAllowlist } from './src/app/route-allowlist';

// The brand is chosen per deployment at run time (GET /api/brand); the manifest is built ahead,
// so its name and colour come from the build environment with neutral defaults.
const name = process.env.VITE_BRAND_TITLE ?? 'evcharge';
const shortName = process.env.VITE_BRAND_SHORT_TITLE ?? name;
const themeColor = process.env.VITE_BRAND_COLOR ?? '#0b6e4f';

export const pwaManifest: VitePWAOptions['manifest'] = {
  name,
  short_name: shortName,
  description: 'Find charging stations, charge and pay',
  lang: 'ru',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: themeColor,
  icons: [
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
  ],
};

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
  globPatterns: ['**/*.{js,css,html,svg,json,webmanifest}'],
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: '/app.html',
  navigateFallbackAllowlist: navigationAllowlist,
  runtimeCaching: [],
  // Web Push: the push and notificationclick handlers (public/push-sw.js).
  importScripts: ['/push-sw.js'],
  cleanupOutdatedCaches: true,
};
