// SPEC §9: business constants and limits.

export const IMAGE_MAX_BYTES = 500 * 1024;
export const PASSWORD_MIN_LENGTH = 6;
export const VIN_LENGTH = 17;
export const PHONE_CODE_LENGTH = 4;

/** Quick reservation: the next 15 minutes; a chosen period must be longer. */
export const QUICK_RESERVATION_MINUTES = 15;

/** The notice shown to drivers: the parking tariff is added after this many minutes. */
export const PARKING_NOTICE_MINUTES = 10;

/** Fast charge: DC above 30 kW. Slow charge: AC up to 22 kW. */
export const FAST_DC_MIN_KW_EXCLUSIVE = 30;
export const SLOW_AC_MAX_KW = 22;

/** The top-up result may differ from the shown maximum by 10-15 %. */
export const TOP_UP_ACCURACY_PERCENT = { min: 10, max: 15 } as const;

/** A lazily loaded screen that has not arrived after this long shows the load error. */
export const CHUNK_LOAD_TIMEOUT_SECONDS = 120;

export const DEFAULT_LANGUAGE = 'ru';
export const FALLBACK_LANGUAGE = 'en';
export const languages = ['ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * SPEC §4 query parameter `locale` (`?locale=en-GB`): its first two letters, any case, when
 * they are one of our languages; anything else is ignored (null). The driver app and the
 * staff console read it alike.
 */
export function languageFromLocaleParam(search: string): Language | null {
  const code = new URLSearchParams(search).get('locale')?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

// Our language codes are not all BCP-47: the app says `kz` for Kazakh, whose tag is `kk`.
// Intl (number, date and currency formatting) needs the BCP-47 tag.
export const languageLocales = {
  ru: 'ru',
  en: 'en',
  kz: 'kk',
  es: 'es',
  az: 'az',
  ky: 'ky',
  tg: 'tg',
  uz: 'uz',
} as const satisfies Record<Language, string>;

/** The BCP-47 tag for one of our language codes. */
export function localeOf(language: Language): (typeof languageLocales)[Language] {
  return languageLocales[language];
}

/** Failed sign-ins allowed before the account is blocked until a new password is set. */
export const LOGIN_MAX_FAILED_ATTEMPTS = 5;

export const accountTypes = ['PERSONAL', 'CORPORATE'] as const;
export type AccountType = (typeof accountTypes)[number];

/** SPEC §6: a signed-in client has userType 2. */
export const CLIENT_USER_TYPE = 2;

export const notificationTypes = ['Email', 'Telegram', 'SupportPhoneNumber'] as const;
export type NotificationType = (typeof notificationTypes)[number];

// SPEC §3.
export const countries = ['ru', 'kk', 'az', 'kg', 'lv', 'tj', 'uz', 'jo'] as const;
export type Country = (typeof countries)[number];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (countries as readonly string[]).includes(value);
}

export const phonePrefixes = { RU: '+7', AZ: '+994', UZ: '+998' } as const;
