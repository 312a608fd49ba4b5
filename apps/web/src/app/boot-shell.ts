// The static shells that index.html and app.html paint before any script has run (built into the
// HTML by vite.config.ts, so no script or request is needed to show them). React replaces them
// on its first render (main.tsx renders once the first screen's code and texts are in), so the
// shells use the real screens' classes and sizes: the swap moves nothing.
//
// The language is known only once a script has read it (localStorage `Lang`, `?locale=`), so
// the shells carry no words: the app's name is the same in every language (locales.test.ts),
// and where a label will stand a soft bar holds its place.
//
// Plain strings, no DOM or React: vite.config.ts imports this module when it builds the HTML.
import { BIG_LOGO_SIZE, DEFAULT_ICON_URL } from '../components/brand-logo.ts';
import { ICON_STROKE_WIDTH, iconPaths, type IconName } from '../components/ui/icon-paths.ts';
import common from '../locales/ru/common.json' with { type: 'json' };

/** The app's name as the header shows it before the brand has loaded (`common:appName`). */
export const APP_NAME: string = common.appName;

function icon(name: IconName, size: number): string {
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${ICON_STROKE_WIDTH}" stroke-linecap="round" stroke-linejoin="round"><path d="${iconPaths[name]}"/></svg>`;
}

/** Where a label will be: a bar of about its length (s, m or l). */
function label(length: 's' | 'm' | 'l' = 'm'): string {
  return `<i class="boot-shell__label boot-shell__label--${length}"></i>`;
}

// The server writes the brand's icon and title over DEFAULT_ICON_URL and APP_NAME
// (apps/server/src/plugins/brand-page.ts).
function brandMark(): string {
  const logo = `<img class="brand-mark__logo" src="${DEFAULT_ICON_URL}" alt="" width="32" height="32">`;
  return `<span class="brand-mark">${logo}<span class="brand-mark__title">${APP_NAME}</span></span>`;
}

function bigLogo(className: string): string {
  return `<img class="${className}" src="${DEFAULT_ICON_URL}" alt="" width="${BIG_LOGO_SIZE}" height="${BIG_LOGO_SIZE}">`;
}

/** The brand's mark on the map's grid while the map loads (the map home draws the same). */
export function mapPlaceholderHtml(): string {
  return `<div class="map-home__placeholder">${bigLogo('map-home__logo')}</div>`;
}

// The main destinations (shell/nav-items.ts): the map first, as on the map home.
const headerDestinations: readonly IconName[] = ['map', 'bolt', 'history', 'chart'];
const tabDestinations: readonly IconName[] = ['map', 'bolt', 'history', 'user'];

/** The main shell (app-shell.tsx) around the map home (map-home-page.tsx), signed out. */
export function mapHomeShellHtml(): string {
  const header =
    '<header class="app-header"><div class="app-header__inner">' +
    `<span class="app-header__brand">${brandMark()}</span>` +
    '<span class="app-header__nav">' +
    headerDestinations
      .map((name, i) => `<span class="app-header__link${i === 0 ? ' boot-shell__current' : ''}">${icon(name, 20)}${label('s')}</span>`)
      .join('') +
    '</span>' +
    `<span class="app-header__help">${icon('help', 22)}</span>` +
    `<span class="button button--primary">${icon('login', 20)}${label('m')}</span>` +
    '</div></header>';
  const toolbar =
    '<div class="map-toolbar">' +
    '<span class="segmented">' +
    `<span class="segmented__option boot-shell__pressed">${icon('map', 20)}${label('s')}</span>` +
    `<span class="segmented__option">${icon('list', 20)}${label('s')}</span>` +
    '</span>' +
    `<span class="toolbar-button">${icon('locate', 20)}<span class="toolbar-button__text">${label('l')}</span></span>` +
    `<span class="toolbar-button toolbar-button--filter">${icon('filter', 20)}<span class="toolbar-button__text">${label('m')}</span></span>` +
    '</div>';
  const main =
    '<div class="shell__main"><div class="map-home" data-view="map">' +
    toolbar +
    `<div class="map-home__stage">${mapPlaceholderHtml()}</div>` +
    '</div></div>';
  const footer =
    '<div class="shell__footer"><span class="shell__legal">' +
    (['m', 'm', 's', 'l', 'l'] as const).map((length) => `<span class="boot-shell__link">${label(length)}</span>`).join('') +
    '</span></div>';
  const tabBar =
    '<div class="tab-bar">' +
    tabDestinations
      .map((name, i) => `<span class="tab-bar__item${i === 0 ? ' boot-shell__current' : ''}">${icon(name, 24)}${label('s')}</span>`)
      .join('') +
    '</div>';
  return `<div class="shell boot-shell" aria-hidden="true">${header}${main}${footer}${tabBar}</div>`;
}

/** Any other screen (app.html): the brand's mark in the middle until the screen is in. */
export function splashShellHtml(): string {
  return `<div class="boot-splash" aria-hidden="true">${bigLogo('boot-splash__logo')}</div>`;
}
