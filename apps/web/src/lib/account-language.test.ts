import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountLanguageToApply,
  currentLanguageQuestion,
  languageAtSignIn,
  languageFromLink,
  linkQuestionFor,
  settleLanguageAtSignIn,
} from './account-language';
import { readVisitorLanguage, writeVisitorLanguage } from './storage';

describe('the language after a sign-in', () => {
  it('is the account’s when the visitor chose none on this device', () => {
    expect(languageAtSignIn(null, 'kz')).toEqual({ apply: 'kz', ask: null });
  });

  it('is the account’s when the visitor chose the same', () => {
    expect(languageAtSignIn('kz', 'kz')).toEqual({ apply: 'kz', ask: null });
  });

  it('stays the visitor’s when it differs from the account’s, and a question is asked', () => {
    expect(languageAtSignIn('en', 'ru')).toEqual({
      apply: null,
      ask: { visitor: 'en', account: 'ru', isOpen: true },
    });
  });

  it('changes nothing when the account has no language we speak', () => {
    expect(languageAtSignIn('en', 'fr')).toEqual({ apply: null, ask: null });
    expect(languageAtSignIn(null, undefined)).toEqual({ apply: null, ask: null });
  });
});

describe('the account’s language on a signed-in device', () => {
  it('applies when it differs from the screen’s and nothing was asked', () => {
    expect(accountLanguageToApply('ru', 'en', null)).toBe('ru');
    expect(accountLanguageToApply('en', 'en', null)).toBeNull();
  });

  it('waits while this sign-in’s question is about that very language, answered or closed', () => {
    expect(
      accountLanguageToApply('ru', 'en', { visitor: 'en', account: 'ru', isOpen: true }),
    ).toBeNull();
    expect(
      accountLanguageToApply('ru', 'en', { visitor: 'en', account: 'ru', isOpen: false }),
    ).toBeNull();
  });

  it('applies when the account’s language changed on another device since', () => {
    expect(accountLanguageToApply('uz', 'en', { visitor: 'en', account: 'ru', isOpen: true })).toBe(
      'uz',
    );
  });
});

describe('a sign-in on this device', () => {
  beforeEach(() => localStorage.clear());

  it('asks once: the visitor’s choice is used up by the sign-in', () => {
    writeVisitorLanguage('es');
    expect(settleLanguageAtSignIn('ru')).toBeNull();
    expect(currentLanguageQuestion()).toEqual({ visitor: 'es', account: 'ru', isOpen: true });
    expect(readVisitorLanguage()).toBeNull();
    // The next sign-in, with no new choice, simply takes the account's language.
    expect(settleLanguageAtSignIn('ru')).toBe('ru');
    expect(currentLanguageQuestion()).toBeNull();
  });
});

describe('a link’s locale on a signed-in device', () => {
  const signInQuestion = { visitor: 'es', account: 'ru', isOpen: true } as const;

  it('asks to save the link’s language when the account speaks another', () => {
    expect(languageFromLink('en', 'ru', null)).toEqual({
      visitor: 'en',
      account: 'ru',
      isOpen: true,
      via: 'link',
    });
    // It replaces the sign-in's question: the screen now speaks the link's language.
    expect(languageFromLink('en', 'ru', signInQuestion)).toEqual({
      visitor: 'en',
      account: 'ru',
      isOpen: true,
      via: 'link',
    });
  });

  it('asks nothing, and drops an open question, when the account speaks the link’s language', () => {
    expect(languageFromLink('ru', 'ru', null)).toBeNull();
    expect(languageFromLink('ru', 'ru', signInQuestion)).toBeNull();
  });

  it('leaves the question as it was when the account’s language is none of ours', () => {
    expect(languageFromLink('en', 'fr', signInQuestion)).toBe(signInQuestion);
    expect(languageFromLink('en', undefined, null)).toBeNull();
  });

  it('follows the account’s language as the profile has it, and ends once the account speaks the link’s', () => {
    const asked = { visitor: 'en', account: 'ru', isOpen: true, via: 'link' } as const;
    expect(linkQuestionFor('ru', asked)).toBe(asked);
    expect(linkQuestionFor('uz', asked)).toEqual({ ...asked, account: 'uz' });
    expect(linkQuestionFor('en', asked)).toBeNull();
  });
});
