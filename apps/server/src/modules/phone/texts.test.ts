import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { codesInText, phoneTexts } from './texts';

describe('phone texts', () => {
  it.each([...languages])('%s carries the code and the number', (lang) => {
    const t = phoneTexts(lang);
    expect(codesInText(t.sms('evcharge', '0427'), 4)).toEqual(['0427']);
    expect(codesInText(t.qr('evcharge', '0427'), 4)).toEqual(['0427']);
    expect(t.call('+7 912 345-04-27')).toContain('+7 912 345-04-27');
  });

  it('differs from English outside English', () => {
    const english = phoneTexts('en').sms('x', '1234');
    for (const lang of languages.filter((l) => l !== 'en')) {
      expect(phoneTexts(lang).sms('x', '1234')).not.toBe(english);
    }
  });

  it('finds standalone 4-digit groups only', () => {
    expect(codesInText('code 1234, not 12345 or +79991234567', 4)).toEqual(['1234']);
    expect(codesInText('no code', 4)).toEqual([]);
  });
});
