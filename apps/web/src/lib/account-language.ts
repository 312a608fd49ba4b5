import { useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '@evcharge/domain/constants';
import { readLanguageQuestion, readVisitorLanguage, writeLanguageQuestion, writeVisitorLanguage } from './storage';

// One language on a screen (SPEC §7 updateLanguage): after a sign-in the account's language
// applies, unless the visitor chose another on this device a moment before. Then the visitor's
// choice stays, and the app asks once, for this sign-in, whether to save it to the account or
// switch to the account's. Until the answer, or while the driver left the question unanswered,
// the account's language does not replace it, unless it changes on another device.

/** The question after a sign-in: `isOpen` while the notice shows. */
export type LanguageQuestion = { visitor: Language; account: Language; isOpen: boolean };

export type SignInLanguage = { apply: Language | null; ask: LanguageQuestion | null };

/** What a sign-in does with the account's language, given the visitor's choice on this device. */
export function languageAtSignIn(visitor: Language | null, account: string | null | undefined): SignInLanguage {
  if (!isLanguage(account)) return { apply: null, ask: null };
  if (visitor && visitor !== account) return { apply: null, ask: { visitor, account, isOpen: true } };
  return { apply: account, ask: null };
}

/**
 * The account's language to switch to on a signed-in device (the profile as the server has
 * it now), or null: none to apply, the screen speaks it already, or the question of this
 * sign-in is about this very language.
 */
export function accountLanguageToApply(account: string | null | undefined, current: Language, question: LanguageQuestion | null): Language | null {
  if (!isLanguage(account) || account === current) return null;
  if (question && question.account === account) return null;
  return account;
}

function parse(raw: string | null): LanguageQuestion | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LanguageQuestion>;
    if (isLanguage(value.visitor) && isLanguage(value.account)) return { visitor: value.visitor, account: value.account, isOpen: value.isOpen === true };
  } catch {
    // A corrupt record: no question.
  }
  return null;
}

let question = parse(readLanguageQuestion());
const listeners = new Set<() => void>();

export function currentLanguageQuestion(): LanguageQuestion | null {
  return question;
}

export function setLanguageQuestion(next: LanguageQuestion | null): void {
  question = next;
  writeLanguageQuestion(next ? JSON.stringify(next) : null);
  for (const listener of listeners) listener();
}

/**
 * At a sign-in: takes the visitor's choice (asked about once, this sign-in only), records the
 * question if there is one, and answers the language to switch to, if any.
 */
export function settleLanguageAtSignIn(account: string | null | undefined): Language | null {
  const visitor = readVisitorLanguage();
  writeVisitorLanguage(null);
  const { apply, ask } = languageAtSignIn(visitor, account);
  setLanguageQuestion(ask);
  return apply;
}

export function useLanguageQuestion(): LanguageQuestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => question,
    () => null,
  );
}
