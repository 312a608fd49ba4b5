import { createHash } from 'node:crypto';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { brandColorVariables } from '@evcharge/domain/brand-colors';
import { escapeHtml } from '../modules/dev';

// SPEC §1: the title, icon and colours are the brand's. The web app is built once for every
// brand; the server writes the brand of the host asked into the files that carry it, so the
// first paint is the brand's with no request more: the pages (title, theme colour, icon, the
// colours as CSS variables, the brand itself for the app to start with), the Web App Manifest,
// the push handler's icon, and the service worker's precache revisions of those files (a
// worker installed for one brand never keeps another brand's pages).

/** The files of the web build the server rewrites per brand (paths in the build). */
export const brandedFiles = ['index.html', 'app.html', 'push-sw.js'] as const;
export type BrandedFile = (typeof brandedFiles)[number];

/** The icon the build names (apps/web/public/icon.svg): the brand's replaces it. */
const BUILD_ICON = '/icon.svg';

/** The page's element the app reads its first brand from (apps/web/src/lib/brand.ts). */
export const BRAND_DATA_ID = 'brand-data';

/** A short fingerprint of what a brand writes into the files: it changes when they would. */
export function brandFingerprint(brand: Brand): string {
  return createHash('sha256').update(JSON.stringify(brand)).digest('base64url').slice(0, 12);
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function brandStyle(brand: Brand): string {
  const { variables } = brandColorVariables(brand.colors);
  // The colours are the brand's configuration, checked as hex by brandColorVariables; a
  // character that could end the rule or the element is dropped all the same.
  const declarations = Object.entries(variables)
    .map(([name, value]) => `${name}:${value.replace(/[^#\w(),.% -]/g, '')}`)
    .join(';');
  return `<style id="brand-colors">:root{${declarations}}</style>`;
}

/**
 * index.html or app.html for a brand: its title (the tab and the header's mark), theme colour
 * and icon, its colours, and the brand as JSON for the app's first render.
 */
export function brandedPage(html: string, brand: Brand): string {
  const title = escapeHtml(brand.title);
  const icon = escapeHtml(brand.iconUrl);
  const { themeColor } = brandColorVariables(brand.colors);
  const head = `${brandStyle(brand)}\n<script type="application/json" id="${BRAND_DATA_ID}">${scriptJson(brand)}</script>\n`;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(themeColor)}"`,
    )
    .replaceAll(`"${BUILD_ICON}"`, `"${icon}"`)
    .replace(/(<span class="brand-mark__title">)[^<]*(<\/span>)/g, `$1${title}$2`)
    .replace('</head>', `${head}</head>`);
}

/** The push handler (apps/web/public/push-sw.js) shows the brand's icon on a notification. */
export function brandedPushHandler(script: string, brand: Brand): string {
  return script.replaceAll(`'${BUILD_ICON}'`, JSON.stringify(brand.iconUrl));
}

/** The Web App Manifest of a brand: the installed app's name, colour and icons. */
export function brandManifest(brand: Brand) {
  const { themeColor } = brandColorVariables(brand.colors);
  return {
    name: brand.title,
    short_name: brand.shortTitle,
    description: 'Find charging stations, charge and pay',
    lang: 'ru',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColor,
    icons: [
      { src: brand.iconUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: brand.maskableIconUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

/**
 * The service worker (workbox's generated sw.js) with the precache revisions of the branded
 * files marked with the brand's fingerprint: a worker installed on a host keeps that host's
 * pages, and when the host's brand changes the worker's bytes change, the browser installs it
 * again and the pages are fetched anew. Returns null when the build names none of them (the
 * worker's format changed: the caller must not serve a worker that would pin stale pages).
 */
export function brandedServiceWorker(script: string, brand: Brand): string | null {
  const fingerprint = brandFingerprint(brand);
  let marked = 0;
  const names = brandedFiles.map((file) => file.replace(/[.]/g, '\\.')).join('|');
  const branded = script.replace(
    new RegExp(`(\\{url:"(?:${names})",revision:")([^"]+)(")`, 'g'),
    (_match, start: string, revision: string, end: string) => {
      marked += 1;
      return `${start}${revision}.${fingerprint}${end}`;
    },
  );
  return marked > 0 ? branded : null;
}
