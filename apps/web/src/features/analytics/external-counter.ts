import type { AnalyticsCounter } from '@evcharge/api/brand/get-brand';

// The brand's external counter (SPEC §1), loaded by a script element from its own server once
// the counter starts (after the first screen): the server's Content-Security-Policy allows that
// origin only for a brand that names it (apps/server/src/brand/counter.ts). It is told route
// patterns, not the page's URL, and keeps no cookies (Matomo) and no session recording (Yandex
// Metrica's webvisor).

export const YANDEX_METRICA_TAG = 'https://mc.yandex.ru/metrika/tag.js';

export type ExternalCounter = {
  pageView: (url: string) => void;
  event: (name: string) => void;
};

type Queue = unknown[][];
type CounterWindow = Window & {
  _paq?: Queue;
  ym?: ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
};

function addScript(src: string, doc: Document): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.counter = 'external';
  // A counter that does not load (blocked, offline) changes nothing for the driver.
  script.onerror = () => script.remove();
  doc.head.append(script);
}

/** Starts the brand's counter; null for a brand without one. */
export function loadExternalCounter(
  counter: AnalyticsCounter,
  win: CounterWindow = window,
  doc: Document = document,
): ExternalCounter | null {
  switch (counter.kind) {
    case 'none':
      return null;
    case 'matomo': {
      // Matomo's JavaScript tracker reads the commands queued in window._paq.
      const paq = (win._paq ??= []);
      paq.push(['disableCookies']);
      paq.push(['setTrackerUrl', `${counter.url}matomo.php`]);
      paq.push(['setSiteId', counter.siteId]);
      addScript(`${counter.url}matomo.js`, doc);
      return {
        pageView: (url) => {
          paq.push(['setCustomUrl', url]);
          paq.push(['trackPageView']);
        },
        event: (name) => paq.push(['trackEvent', 'funnel', name]),
      };
    }
    case 'yandexMetrica': {
      // Yandex Metrica's tag reads the calls queued on window.ym (its documented snippet).
      const ym =
        win.ym ??
        Object.assign(
          (...args: unknown[]) => {
            (ym.a ??= []).push(args);
          },
          { l: Date.now() } as { a?: unknown[][]; l?: number },
        );
      win.ym = ym;
      addScript(YANDEX_METRICA_TAG, doc);
      ym(counter.id, 'init', { defer: true, webvisor: false, clickmap: false, trackLinks: false, accurateTrackBounce: true });
      return {
        pageView: (url) => ym(counter.id, 'hit', url),
        event: (name) => ym(counter.id, 'reachGoal', name),
      };
    }
  }
}
