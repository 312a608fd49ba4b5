import type { SignInResult } from '@evcharge/api/auth/sign-in';
import { isLanguage, type Language } from '@evcharge/domain/constants';

// SPEC §3: the names are fixed — other apps and old sessions of this brand read the same keys.
export const storageKeys = {
  /** localStorage: JSON of the sign-in result, with accessToken and Lang. */
  client: 'client',
  /** localStorage: the interface language chosen (two letters). */
  language: 'Lang',
  /** localStorage: 'true' sends the browser to the brand's main site (SPEC §4). */
  isNewDesign: 'isNewDesign',
  /** localStorage: the currency of the signed-in user. */
  currencyCode: 'CurrencyCode',
  /** localStorage: the push-notification device token from the `fcmtoken` query parameter. */
  fcmToken: 'fcmToken',
  /** localStorage: display scale in percent (appSettings). */
  displayScale: 'displayScale',
  /** sessionStorage: the path + search a signed-out user wanted to open. */
  fromClient: 'fromClient',
  /** localStorage: the map filter as JSON (the filter screen remembers it). */
  stationFilter: 'stationFilter',
  /** sessionStorage: the map's last centre and zoom, so coming back from a station keeps it. */
  mapView: 'mapView',
  /** localStorage: the language a visitor chose on this device while signed out. */
  visitorLanguage: 'visitorLang',
  /** localStorage: JSON of the open question after a sign-in: keep the device's language or the account's. */
  languageQuestion: 'langQuestion',
  /**
   * sessionStorage: JSON of the QR code on the phone confirmation screen, so a reload shows it
   * again; the server keeps only the code's hash, so it cannot give the QR code back.
   */
  phoneQr: 'phoneQr',
} as const;

export type StoredClient = SignInResult;

// Storage can throw (Safari private mode, disabled cookies, quota): the app must still run.
function read(area: 'local' | 'session', key: string): string | null {
  try {
    return (area === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(area: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = area === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still holds for this page.
  }
}

export function readClient(): StoredClient | null {
  const raw = read('local', storageKeys.client);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'accessToken' in value) {
      const token = (value as { accessToken: unknown }).accessToken;
      if (typeof token === 'string' && token.length > 0) return value as StoredClient;
    }
  } catch {
    // A corrupt record counts as signed out.
  }
  return null;
}

export function writeClient(client: StoredClient | null): void {
  write('local', storageKeys.client, client ? JSON.stringify(client) : null);
}

export function readLanguage(): Language | null {
  const value = read('local', storageKeys.language);
  return isLanguage(value) ? value : null;
}

export function writeLanguage(language: Language): void {
  write('local', storageKeys.language, language);
}

export function readVisitorLanguage(): Language | null {
  const value = read('local', storageKeys.visitorLanguage);
  return isLanguage(value) ? value : null;
}

export function writeVisitorLanguage(language: Language | null): void {
  write('local', storageKeys.visitorLanguage, language);
}

export function readLanguageQuestion(): string | null {
  return read('local', storageKeys.languageQuestion);
}

export function writeLanguageQuestion(json: string | null): void {
  write('local', storageKeys.languageQuestion, json);
}

export function readIsNewDesign(): boolean {
  return read('local', storageKeys.isNewDesign) === 'true';
}

export function clearIsNewDesign(): void {
  write('local', storageKeys.isNewDesign, null);
}

export function readCurrencyCode(): string | null {
  return read('local', storageKeys.currencyCode);
}

export function writeCurrencyCode(code: string): void {
  write('local', storageKeys.currencyCode, code);
}

export function readFcmToken(): string | null {
  return read('local', storageKeys.fcmToken);
}

export function writeFcmToken(token: string): void {
  write('local', storageKeys.fcmToken, token);
}

export function readDisplayScale(): number | null {
  const value = Number(read('local', storageKeys.displayScale));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeDisplayScale(percent: number): void {
  write('local', storageKeys.displayScale, String(percent));
}

export function readFromClient(): string | null {
  const value = read('session', storageKeys.fromClient);
  // Only paths of this app: a crafted value must not send the user to another site.
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export function writeFromClient(pathAndSearch: string | null): void {
  write('session', storageKeys.fromClient, pathAndSearch);
}

/** The raw JSON; the map feature parses it, so a stale or foreign value only resets the filter. */
export function readStationFilter(): string | null {
  return read('local', storageKeys.stationFilter);
}

export function writeStationFilter(json: string | null): void {
  write('local', storageKeys.stationFilter, json);
}

/** The raw JSON; the phone feature parses it and checks it is the pending verification's. */
export function readPhoneQr(): string | null {
  return read('session', storageKeys.phoneQr);
}

export function writePhoneQr(json: string | null): void {
  write('session', storageKeys.phoneQr, json);
}

export function readMapView(): string | null {
  return read('session', storageKeys.mapView);
}

export function writeMapView(json: string): void {
  write('session', storageKeys.mapView, json);
}
