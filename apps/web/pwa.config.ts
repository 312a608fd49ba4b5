import type { VitePWAOptions } from 'vite-plugin-pwa';

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

// The shell (HTML, JS, CSS, locale chunks) is precached; API, auth, admin and developer pages
// always go to the network, and navigations to them never fall back to the app.
// As on the server, / is index.html (the map home's static shell, whatever its query: no
// precached file differs by query) and every other screen's path is app.html.
export const pwaWorkbox: VitePWAOptions['workbox'] = {
  globPatterns: ['**/*.{js,css,html,svg,json,webmanifest}'],
  ignoreURLParametersMatching: [/.*/],
  navigateFallback: '/app.html',
  navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/admin/, /^\/dev\//, /^\/health/, /^\/ready/],
  runtimeCaching: [],
  // Web Push: the push and notificationclick handlers (public/push-sw.js).
  importScripts: ['/push-sw.js'],
  cleanupOutdatedCaches: true,
};
