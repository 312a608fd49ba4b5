import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@evcharge/domain/constants';
import { readLanguage } from './storage';

// One chunk per language and namespace: a reader downloads only their own texts.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** One namespace's texts in one language (undefined: there is no such file). */
export function loadLocaleFile(language: string, namespace: string): Promise<{ default: Record<string, unknown> }> | undefined {
  return loaders[`../locales/${language}/${namespace}.json`]?.();
}

/** SPEC §4: `?locale=xx` picks the language (its first two letters, any case). */
export function languageFromQuery(search: string): Language | null {
  const code = new URLSearchParams(search).get('locale')?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

/** The language the app starts in: `?locale=`, else the one remembered (`Lang`), else Russian. */
export function startLanguage(search: string): Language {
  return languageFromQuery(search) ?? readLanguage() ?? DEFAULT_LANGUAGE;
}
