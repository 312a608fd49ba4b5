import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLanguageQuestion, setLanguageQuestion } from '@/lib/account-language';
import { currentLanguage, initI18n } from '@/lib/i18n';
import { clearSession, startSession } from '@/lib/session';
import { readLanguage } from '@/lib/storage';
import { buildClient } from '@/test/builders';
import { applyQueryParams } from './query-params';

// SPEC §4 query parameter `locale` on a signed-in device: the screen switches to it and a
// notice asks whether to save it to the account.

beforeEach(async () => {
  await initI18n('ru');
  setLanguageQuestion(null);
});

afterEach(() => {
  clearSession();
  setLanguageQuestion(null);
});

describe('the locale query parameter', () => {
  it('switches a signed-in driver’s screen and asks to save it to the account', async () => {
    startSession({ ...buildClient(), Lang: 'ru' });
    applyQueryParams('?locale=en-GB');
    await expect.poll(() => currentLanguage()).toBe('en');
    expect(readLanguage()).toBe('en');
    expect(currentLanguageQuestion()).toEqual({
      visitor: 'en',
      account: 'ru',
      isOpen: true,
      via: 'link',
    });
  });

  it('asks nothing when the account speaks it already, and switches the screen to it', async () => {
    startSession({ ...buildClient(), Lang: 'en' });
    setLanguageQuestion({ visitor: 'ru', account: 'en', isOpen: false });
    applyQueryParams('?locale=en');
    await expect.poll(() => currentLanguage()).toBe('en');
    expect(currentLanguageQuestion()).toBeNull();
  });

  it('asks nothing of a visitor', async () => {
    applyQueryParams('?locale=en');
    await expect.poll(() => currentLanguage()).toBe('en');
    expect(currentLanguageQuestion()).toBeNull();
  });

  it('does nothing with a language we do not speak, or the one on screen', () => {
    startSession({ ...buildClient(), Lang: 'ru' });
    applyQueryParams('?locale=fr');
    applyQueryParams('?locale=ru');
    expect(currentLanguage()).toBe('ru');
    expect(currentLanguageQuestion()).toBeNull();
  });
});
