import type { Language } from '@evcharge/domain/constants';
import { languageFromQuery } from '@/lib/locale-files';

// SPEC §4 query parameters, read by the entry before anything else loads (main.tsx): kept
// apart from the guard, whose path table needs the router.

export type QueryEffects = {
  /** `locale` cut to two letters, when it is one of our languages. */
  language: Language | null;
  /** `fcmtoken`: the push device token to remember. */
  fcmToken: string | null;
  /** `isOldDesign` present: forget `isNewDesign`. */
  clearNewDesign: boolean;
};

export function readQueryEffects(search: string): QueryEffects {
  const params = new URLSearchParams(search);
  const token = params.get('fcmtoken')?.trim();
  return {
    language: languageFromQuery(search),
    fcmToken: token ? token : null,
    clearNewDesign: params.has('isOldDesign'),
  };
}
