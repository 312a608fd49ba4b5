import {
  DEFAULT_LANGUAGE,
  languageFromLocaleParam,
  type Language,
} from '@evcharge/domain/constants';
import { readLanguage } from './storage';

type LocaleFile = { default: Record<string, unknown> };

// One chunk per language and namespace: a reader downloads only their own texts. The names of
// those chunks (hashed, they do not compress) sit in one small map per language
// (locales/<language>/files.ts), so a new namespace costs the map home's first load one name.
const languageFiles = import.meta.glob<{ files: Record<string, () => Promise<LocaleFile>> }>(
  '../locales/*/files.ts',
);

/**
 * One namespace's texts in one language (undefined: no such language; no texts: no such
 * namespace).
 */
export function loadLocaleFile(
  language: string,
  namespace: string,
): Promise<LocaleFile> | undefined {
  return languageFiles[`../locales/${language}/files.ts`]?.().then(
    ({ files }) => files[`./${namespace}.json`]?.() ?? { default: {} },
  );
}

/** SPEC §4: `?locale=xx` picks the language (its first two letters, any case). */
export function languageFromQuery(search: string): Language | null {
  return languageFromLocaleParam(search);
}

/** The language the app starts in: `?locale=`, else the one remembered (`Lang`), else Russian. */
export function startLanguage(search: string): Language {
  return languageFromQuery(search) ?? readLanguage() ?? DEFAULT_LANGUAGE;
}
