import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, phoneCountriesFor, phoneSchemaFor } from './phone';

describe('normalisePhone', () => {
  const allowed = phoneCountriesFor('ru');

  it('reads the prefixes of RU, AZ and UZ in any usual spelling', () => {
    expect(normalisePhone('+7 (999) 123-45-67', allowed)).toBe('+79991234567');
    expect(normalisePhone('8 999 123 45 67', allowed)).toBe('+79991234567');
    expect(normalisePhone('+994 50 123 45 67', allowed)).toBe('+994501234567');
    expect(normalisePhone('+998.90.123.45.67', allowed)).toBe('+998901234567');
  });

  it('refuses numbers of other countries, wrong lengths and letters', () => {
    expect(normalisePhone('+996 555 123 456', allowed)).toBeUndefined();
    expect(normalisePhone('+7 999 123 45 6', allowed)).toBeUndefined();
    expect(normalisePhone('+7 999 123 45 678', allowed)).toBeUndefined();
    expect(normalisePhone('+7 999 CALL ME', allowed)).toBeUndefined();
    expect(normalisePhone('9991234567', allowed)).toBeUndefined();
  });

  it("adds the brand's own country to the three", () => {
    expect(phoneCountriesFor('kg')).toEqual(['kg', 'ru', 'az', 'uz']);
    expect(phoneCountriesFor('az')).toEqual(['ru', 'az', 'uz']);
    expect(normalisePhone('+996 555 123 456', phoneCountriesFor('kg'))).toBe('+996555123456');
  });
});

describe('phoneSchemaFor', () => {
  const schema = phoneSchemaFor(['ru']);
  it('gives E.164 or the phone rule', () => {
    expect(schema.parse(' +7 999 123-45-67 ')).toBe('+79991234567');
    const failed = schema.safeParse('12345');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('phone');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('required');
  });
});

describe('formatPhone', () => {
  it('groups the digits for reading', () => {
    expect(formatPhone('+79991234567')).toBe('+7 999 123 45-67');
    expect(formatPhone('+994501234567')).toBe('+994 50 123 45-67');
  });
});
