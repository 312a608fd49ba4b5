import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  languageFromLocaleParam,
  languages,
  localeOf,
  type Language,
} from '@evcharge/domain/constants';

// The console's texts: one namespace (`console`) per language, loaded when chosen; Russian by
// default, English where a text is missing (DESIGN.md i18n, as the driver app).

export { languages, type Language };
export const LANGUAGE_KEY = 'evcharge.console.lang';

/** Each language names itself, so a reader finds their own language in any interface. */
export const languageNames: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  kz: 'Қазақша',
  es: 'Español',
  az: 'Azərbaycanca',
  ky: 'Кыргызча',
  tg: 'Тоҷикӣ',
  uz: 'Oʻzbekcha',
};

/** The BCP-47 tag of the interface language (Intl, <html lang>): `kz` is `kk`. */
export function toBcp47(language: string): string {
  return isLanguage(language) ? localeOf(language) : language;
}

const files = import.meta.glob<Record<string, unknown>>('../locales/*/console.json', {
  import: 'default',
});

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'console')) return;
  const load = files[`../locales/${language}/console.json`];
  if (load) i18n.addResourceBundle(language, 'console', await load(), true, true);
}

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(value)) return value;
  } catch {
    // Storage may be blocked: the default it is.
  }
  return DEFAULT_LANGUAGE;
}

let started: Promise<unknown> | null = null;

export async function initI18n(language: Language = storedLanguage()): Promise<typeof i18n> {
  started ??= i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...languages],
    ns: ['console'],
    defaultNS: 'console',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  await started;
  await Promise.all([ensureLoaded(FALLBACK_LANGUAGE), ensureLoaded(language)]);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = toBcp47(language);
  return i18n;
}

/**
 * A language chosen on this page (the `locale` parameter or the language switch) since the last
 * sign-in: at the next sign-in it outranks the account's, as in the driver app.
 */
let isChosenHere = false;

async function switchTo(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered; still switched.
  }
  await initI18n(language);
}

/** Switches the interface language and remembers it on this browser: the staff member's choice. */
export async function changeLanguage(language: Language): Promise<void> {
  isChosenHere = true;
  await switchTo(language);
}

/**
 * SPEC §4 query parameter `locale` (cut to two letters), on the sign-in page and after: switches
 * to it as a choice made here. Null when there is none of ours (the language stays).
 */
export function applyLocaleParam(search: string): Promise<void> | null {
  const language = languageFromLocaleParam(search);
  return language ? changeLanguage(language) : null;
}

/**
 * At a sign-in: the staff account's language applies, unless one was chosen on this page a
 * moment before (the `locale` parameter, the switch). The choice is used up by the sign-in.
 */
export async function settleLanguageAtSignIn(account: string): Promise<void> {
  const wasChosen = isChosenHere;
  isChosenHere = false;
  if (!wasChosen && isLanguage(account) && account !== i18n.language) await switchTo(account);
}
