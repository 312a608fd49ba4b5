import { useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '@evcharge/domain/constants';
import {
  readLanguageQuestion,
  readVisitorLanguage,
  writeLanguageQuestion,
  writeVisitorLanguage,
} from './storage';

// One language on a screen (SPEC §7 updateLanguage): after a sign-in the account's language
// applies, unless the visitor chose another on this device a moment before. Then the visitor's
// choice stays, and the app asks once, for this sign-in, whether to save it to the account or
// switch to the account's. Until the answer, or while the driver left the question unanswered,
// the account's language does not replace it, unless it changes on another device.
// A link's `locale` (SPEC §4 query parameters) on a signed-in device asks the same question:
// the screen speaks the link's language and the notice offers to save it; "Not now" leaves
// the account as it is (`via: 'link'`).

/**
 * The question after a sign-in, or after a link's `locale` (`via: 'link'`): `isOpen` while
 * the notice shows. `visitor` is the language on screen, `account` the account's.
 */
export type LanguageQuestion = {
  visitor: Language;
  account: Language;
  isOpen: boolean;
  via?: 'link';
};

export type SignInLanguage = { apply: Language | null; ask: LanguageQuestion | null };

/** What a sign-in does with the account's language, given the visitor's choice on this device. */
export function languageAtSignIn(
  visitor: Language | null,
  account: string | null | undefined,
): SignInLanguage {
  if (!isLanguage(account)) return { apply: null, ask: null };
  if (visitor && visitor !== account)
    return { apply: null, ask: { visitor, account, isOpen: true } };
  return { apply: account, ask: null };
}

/**
 * The account's language to switch to on a signed-in device (the profile as the server has
 * it now), or null: none to apply, the screen speaks it already, or the question of this
 * sign-in is about this very language.
 */
export function accountLanguageToApply(
  account: string | null | undefined,
  current: Language,
  question: LanguageQuestion | null,
): Language | null {
  if (!isLanguage(account) || account === current) return null;
  if (question && question.account === account) return null;
  return account;
}

/**
 * A signed-in device opened with a link's `locale` that switches the screen: the question to
 * ask, or null when the account speaks that language already (any question then is moot).
 * Unknown account language: the question as it was (the profile settles it, below).
 */
export function languageFromLink(
  link: Language,
  account: string | null | undefined,
  question: LanguageQuestion | null,
): LanguageQuestion | null {
  if (!isLanguage(account)) return question;
  if (link === account) return null;
  return { visitor: link, account, isOpen: true, via: 'link' };
}

/**
 * A link's question once the profile tells the account's language as the server has it now:
 * none left when the account speaks the link's language already; otherwise the question stays,
 * about that language (the link's language stays on screen until the driver answers).
 */
export function linkQuestionFor(
  account: Language,
  question: LanguageQuestion,
): LanguageQuestion | null {
  if (account === question.visitor) return null;
  return account === question.account ? question : { ...question, account };
}

function parse(raw: string | null): LanguageQuestion | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LanguageQuestion>;
    if (isLanguage(value.visitor) && isLanguage(value.account)) {
      const asked = {
        visitor: value.visitor,
        account: value.account,
        isOpen: value.isOpen === true,
      };
      return value.via === 'link' ? { ...asked, via: 'link' } : asked;
    }
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
