import type { AnalyticsCounter } from '@evcharge/api/brand/get-brand';

/** Yandex Metrica's tag and where it reports (its documentation's Content-Security-Policy). */
export const YANDEX_METRICA_ORIGIN = 'https://mc.yandex.ru';
const YANDEX_STATIC_ORIGIN = 'https://yastatic.net';

export type CounterSources = { script: string[]; connect: string[]; img: string[] };

/**
 * What the Content-Security-Policy must allow for a brand's external counter (SPEC §1): its
 * script, and where it reports (requests and pixels). Nothing for a brand without one.
 */
export function counterSources(counter: AnalyticsCounter): CounterSources {
  switch (counter.kind) {
    case 'none':
      return { script: [], connect: [], img: [] };
    case 'matomo': {
      const origin = new URL(counter.url).origin;
      return { script: [origin], connect: [origin], img: [origin] };
    }
    case 'yandexMetrica':
      return {
        script: [YANDEX_METRICA_ORIGIN, YANDEX_STATIC_ORIGIN],
        connect: [YANDEX_METRICA_ORIGIN],
        img: [YANDEX_METRICA_ORIGIN],
      };
  }
}

/** A counter a brand may name: Matomo over https with its base ending in `/`. */
export function isValidCounter(counter: AnalyticsCounter): boolean {
  if (counter.kind !== 'matomo') return counter.kind === 'none' || counter.id > 0;
  if (!URL.canParse(counter.url)) return false;
  const url = new URL(counter.url);
  return url.protocol === 'https:' && url.pathname.endsWith('/') && !url.search && !url.hash;
}
