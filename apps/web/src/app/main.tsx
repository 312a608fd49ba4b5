// The entry: styles, then the app once the static shell has painted.
import '../styles/global.css';
// index.html paints the map home's static shell (boot-shell.ts) before any script has run, so
// the styles that shell needs are in the entry's stylesheet rather than the map home's chunk.
import '@/features/map/components/map-home.css';
import '@/features/map/components/map-toolbar.css';
import './boot-shell.css';
import { loadLocaleFile, startLanguage } from '@/lib/locale-files';
import { clearIsNewDesign, writeFcmToken, writeLanguage } from '@/lib/storage';
import { readQueryEffects } from './query-effects';

// SPEC §4 query parameters are remembered at once, not when the app has started: a visitor who
// opens `/?locale=en` and moves on before that must still get English on the next page.
const effects = readQueryEffects(window.location.search);
if (effects.language) writeLanguage(effects.language);
if (effects.fcmToken) writeFcmToken(effects.fcmToken);
if (effects.clearNewDesign) clearIsNewDesign();

/**
 * Resolves once the browser has shown the static shell (its First Contentful Paint). Module
 * scripts may run as soon as the stylesheets are in, before anything is on screen: evaluating
 * the app first (a phone takes a while) would hold the shell back, and on a slow link its
 * download would take bandwidth from the shell's stylesheet. A hidden page paints nothing, so
 * it does not wait, and neither does a browser that cannot tell.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const hasPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    const canTell = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (document.visibilityState === 'hidden' || !canTell || hasPainted()) {
      return resolve();
    }
    const done = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new PerformanceObserver(() => {
      if (hasPainted()) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', done);
    // Should no paint be reported (a browser's quirk), start anyway.
    setTimeout(done, 1000);
  });
}

void afterFirstPaint().then(async () => {
  // The first screen's texts and the map home's code come with the app's code, not after it:
  // i18n and the router would ask for them next, each a round trip more on a slow link.
  const language = startLanguage(window.location.search);
  void loadLocaleFile(language, 'common');
  if (window.location.pathname === '/') {
    void import('@/features/map/components/map-home-page');
    void loadLocaleFile(language, 'map'); // the map home's namespace (router.tsx)
  }
  const { start } = await import('./start');
  await start();
});
