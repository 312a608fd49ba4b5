import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterFirstScreen } from './first-screen';
import { loadLocaleFile } from './locale-files';
import { whenIdle } from './yield';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  languages,
  type Language,
} from '@evcharge/domain/constants';

export const namespaces = [
  'common', 'errors', 'validation', 'auth', 'profile', 'settings', 'legal',
  'map', 'filter', 'station', 'guides', 'about', 'charging', 'payments', 'reserve',
  'rfid',
  'loyalty',
  'reviews',
  'messages',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Loaded before the first render: the shell's own texts. */
const bootNamespaces: Namespace[] = ['common'];

/**
 * Error and form-rule texts are needed only once something fails or a form is checked, so they
 * load after the first screen once the browser is idle (first-load JS, and no long
 * task while the map sets up), and components re-render when they arrive (`bindI18n:
 * 'loaded'`). The service worker caches them for offline use.
 */
const afterPaintNamespaces: Namespace[] = ['errors', 'validation'];

/** Each language names itself, so a reader finds their own language in any interface. */
export const languageNames: Record<Language, string> = {
  ru: 'Русский', en: 'English', kz: 'Қазақша', es: 'Español',
  az: 'Azərbaycanca', ky: 'Кыргызча', tg: 'Тоҷикӣ', uz: 'Oʻzbekcha',
};

// Our code `kz` is Kazakh; BCP-47 (Intl, <html lang>) calls it `kk`.
const bcp47: Record<Language, string> = {
  ru: 'ru', en: 'en', kz: 'kk', es: 'es', az: 'az', ky: 'ky', tg: 'tg', uz: 'uz',
};

export function toBcp47(language: string): string {
  return bcp47[language as Language] ?? language;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loaded = loadLocaleFile(language, namespace);
    if (!loaded) return callback(null, {});
    loaded.then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toBcp47(language);
}

/** Settles when the first `initI18n` has: namespaces can be asked for before that. */
let initialized: Promise<unknown> | null = null;

export async function initI18n(language: Language = DEFAULT_LANGUAGE): Promise<typeof i18n> {
  if (!initialized) {
    initialized = startI18n(language);
    await initialized;
  } else {
    await initialized;
    if (i18n.language !== language) await i18n.changeLanguage(language);
  }
  syncDocumentLanguage(language);
  return i18n;
}

async function startI18n(language: Language): Promise<void> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...languages],
        load: 'currentOnly',
        ns: bootNamespaces,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
        react: { bindI18n: 'languageChanged loaded' },
      });
    void afterFirstScreen()
      .then(() => whenIdle())
      .then(() => i18n.loadNamespaces(afterPaintNamespaces));
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
  }
}

/**
 * Loads these namespaces of the current language. Callable while i18n is still starting (the
 * first screen's code and texts load alongside the boot texts): it waits for the start.
 */
export async function loadNamespaces(list: readonly Namespace[]): Promise<void> {
  if (initialized) await initialized;
  await i18n.loadNamespaces([...list]);
}

export function changeI18nLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (languages as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export { i18n };
