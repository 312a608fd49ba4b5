import { describe, expect, it } from 'vitest';
import { languageFromQuery, loadLocaleFile, startLanguage } from './locale-files';
import { writeLanguage } from './storage';

describe('locale files', () => {
  it('reads the language of ?locale= by its first two letters, in any case', () => {
    expect(languageFromQuery('?locale=EN-us')).toBe('en');
    expect(languageFromQuery('?locale=xx')).toBeNull();
    expect(languageFromQuery('')).toBeNull();
  });

  it('starts in the language asked for, else the remembered one, else Russian', () => {
    expect(startLanguage('')).toBe('ru');
    writeLanguage('kz');
    expect(startLanguage('')).toBe('kz');
    expect(startLanguage('?locale=es')).toBe('es');
  });

  it('loads one namespace of one language, and nothing for a file that does not exist', async () => {
    expect((await loadLocaleFile('en', 'common'))?.default).toMatchObject({ appName: 'evcharge' });
    expect(loadLocaleFile('xx', 'common')).toBeUndefined();
    expect((await loadLocaleFile('en', 'nothing'))?.default).toEqual({});
  });
});
