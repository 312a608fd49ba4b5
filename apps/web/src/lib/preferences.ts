import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@evcharge/domain/constants';
import { changeI18nLanguage } from './i18n';
import { isSignedIn } from './session';
import { readDisplayScale, readLanguage, writeDisplayScale, writeLanguage, writeFcmToken, writeVisitorLanguage } from './storage';

/** Display scale choices in percent of the browser's root font size (appSettings). */
export const displayScales = [90, 100, 115, 130] as const;
export const DEFAULT_DISPLAY_SCALE = 100;

export function initialLanguage(): Language {
  return readLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language and remembers it (localStorage `Lang`). A visitor's choice is
 * also kept apart: after a sign-in it outranks the account's language (lib/account-language.ts).
 */
export async function setLanguage(language: Language): Promise<void> {
  writeLanguage(language);
  if (!isSignedIn()) writeVisitorLanguage(language);
  await changeI18nLanguage(language);
}

export function rememberFcmToken(token: string): void {
  writeFcmToken(token);
}

let scale = normaliseScale(readDisplayScale());
const listeners = new Set<() => void>();

function normaliseScale(value: number | null): number {
  return displayScales.find((s) => s === value) ?? DEFAULT_DISPLAY_SCALE;
}

/** Every size in the stylesheets is in rem, so the root font size scales the whole interface. */
export function applyDisplayScale(percent: number = scale): void {
  document.documentElement.style.fontSize = percent === DEFAULT_DISPLAY_SCALE ? '' : `${percent}%`;
}

export function setDisplayScale(percent: number): void {
  scale = normaliseScale(percent);
  writeDisplayScale(scale);
  applyDisplayScale(scale);
  for (const listener of listeners) listener();
}

export function useDisplayScale(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => scale,
    () => DEFAULT_DISPLAY_SCALE,
  );
}
