import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountMinorSchema,
  amountTextSchema,
  chargeLimitSchema,
  connectorTypesSchema,
  detectImageType,
  emailSchema,
  imageFileSchema,
  nameSchema,
  numberTextSchema,
  passwordPairSchema,
  passwordSchema,
  phoneCodeSchema,
  requiredText,
  rule,
  termsAcceptedSchema,
  vinSchema,
} from './validation';

/** The rule keys a schema reports for a value; [] when the value is valid. */
function rules(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('requiredText', () => {
  it.each([
    ['', [rule.required]],
    ['   ', [rule.required]],
    [undefined, [rule.required]],
    ['a'.repeat(201), [rule.tooLong]],
    ['hello', []],
  ])('%j -> %j', (value, expected) => {
    expect(rules(requiredText(), value)).toEqual(expected);
  });

  it('trims the value', () => {
    expect(requiredText().parse('  x  ')).toBe('x');
  });
});

describe('passwordSchema (SPEC §5)', () => {
  it.each([
    ['', [rule.required]],
    ['Ab1', [rule.passwordTooShort]],
    ['Abcde', [rule.passwordTooShort, rule.passwordWeak]],
    ['abcdef1', [rule.passwordWeak]], // no upper case
    ['ABCDEF1', [rule.passwordWeak]], // no lower case
    ['Abcdefg', [rule.passwordWeak]], // no digit
    ['Ab1'.repeat(43), [rule.tooLong]],
  ])('%j -> %j', (value, expected) => {
    expect(rules(passwordSchema, value)).toEqual(expected);
  });

  it.each(['Abcde1', 'Пароль1', 'xY9xY9xY9'])('%j is accepted', (value) => {
    expect(rules(passwordSchema, value)).toEqual([]);
  });
});

describe('passwordPairSchema', () => {
  it('reports a mismatch on repeat', () => {
    const result = passwordPairSchema.safeParse({ password: 'Abcde1', repeat: 'Abcde2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: rule.passwordsDiffer, path: ['repeat'] }),
    ]);
  });

  it('accepts an equal repeat', () => {
    expect(rules(passwordPairSchema, { password: 'Abcde1', repeat: 'Abcde1' })).toEqual([]);
  });
});

describe('emailSchema', () => {
  it.each([
    ['', [rule.required]],
    ['driver', [rule.email]],
    ['driver@', [rule.email]],
    ['driver@example', [rule.email]],
    ['a b@example.com', [rule.email]],
    ['driver@example.com', []],
  ])('%j -> %j', (value, expected) => {
    expect(rules(emailSchema, value)).toEqual(expected);
  });

  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Driver@Example.COM ')).toBe('driver@example.com');
  });
});

describe('numberTextSchema', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['-3', -3],
  ])('%j parses to %d', (value, expected) => {
    expect(numberTextSchema.parse(value)).toBe(expected);
  });

  it.each([
    ['', rule.required],
    ['abc', rule.number],
    ['1.2.3', rule.number],
    ['12.', rule.number],
  ])('%j fails with %s', (value, expected) => {
    expect(rules(numberTextSchema, value)).toEqual([expected]);
  });
});

describe('nameSchema', () => {
  it.each([
    ['Иван', []],
    ['Anna-Maria', []],
    ['12345', [rule.letters]],
    ['--', [rule.letters]],
    ['', [rule.required]],
  ])('%j -> %j', (value, expected) => {
    expect(rules(nameSchema, value)).toEqual(expected);
  });
});

describe('vinSchema (SPEC §5: 17 characters, ISO 3779)', () => {
  it.each(['1HGCM82633A004352', 'wvwzzz1kzaw000001'])('%j is accepted', (value) => {
    expect(rules(vinSchema, value)).toEqual([]);
  });

  it('upper-cases', () => {
    expect(vinSchema.parse('wvwzzz1kzaw000001')).toBe('WVWZZZ1KZAW000001');
  });

  it.each([
    ['1HGCM82633A00435', 'too short'],
    ['1HGCM82633A0043521', 'too long'],
    ['1HGCM82633A00435I', 'I'],
    ['1HGCM82633A00435O', 'O'],
    ['1HGCM82633A00435Q', 'Q'],
    ['1HGCM82633A00435-', 'punctuation'],
  ])('%j fails (%s)', (value) => {
    expect(rules(vinSchema, value)).toContain(rule.vin);
  });
});

describe('amountTextSchema (SPEC §5: greater than 0)', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['12,50', 12.5],
    ['0.01', 0.01],
  ])('%j parses to %d', (value, expected) => {
    expect(amountTextSchema.parse(value)).toBe(expected);
  });

  it.each([
    ['0', rule.amount],
    ['0.00', rule.amount],
    ['-5', rule.amount],
    ['1.005', rule.amount],
    ['abc', rule.number],
    ['12a', rule.number],
    ['', rule.required],
  ])('%j fails with %s', (value, expected) => {
    expect(rules(amountTextSchema, value)).toEqual([expected]);
  });
});

describe('amountMinorSchema', () => {
  it.each([
    [1, true],
    [1_000_000_000, true],
    [0, false],
    [-100, false],
    [12.5, false],
    [1_000_000_001, false],
  ])('%d valid: %s', (value, valid) => {
    expect(amountMinorSchema.safeParse(value).success).toBe(valid);
  });
});

describe('imageFileSchema (SPEC §5: 500 kB, jpg, jpeg, png)', () => {
  it.each([
    [{ name: 'a.jpg', size: 500 * 1024, type: 'image/jpeg' }, []],
    [{ name: 'a.JPEG', size: 10, type: 'image/jpeg' }, []],
    [{ name: 'a.png', size: 10, type: 'image/png' }, []],
    [{ name: 'a.jpg', size: 500 * 1024 + 1, type: 'image/jpeg' }, [rule.imageTooLarge]],
    [{ name: 'a.gif', size: 10, type: 'image/gif' }, [rule.imageType]],
    [{ name: 'a.png.exe', size: 10, type: 'image/png' }, [rule.imageType]],
    [
      { name: 'a.webp', size: 600 * 1024, type: 'image/webp' },
      [rule.imageTooLarge, rule.imageType],
    ],
  ])('%j -> %j', (file, expected) => {
    expect(rules(imageFileSchema, file)).toEqual(expected);
  });
});

describe('detectImageType', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[0x47, 0x49, 0x46, 0x38], undefined],
    [[], undefined],
  ])('%j -> %s', (bytes, expected) => {
    expect(detectImageType(Uint8Array.from(bytes))).toBe(expected);
  });
});

describe('phoneCodeSchema (SPEC §9: 4 digits)', () => {
  it.each([
    ['1234', true],
    [' 0042 ', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
  ])('%j valid: %s', (value, valid) => {
    expect(rules(phoneCodeSchema, value)).toEqual(valid ? [] : [rule.phoneCode]);
  });
});

describe('connectorTypesSchema (SPEC §5: at least one)', () => {
  const schema = connectorTypesSchema(z.string());
  it.each([
    [[], [rule.connectorTypes]],
    [undefined, [rule.connectorTypes]],
    [['type2'], []],
  ])('%j -> %j', (value, expected) => {
    expect(rules(schema, value)).toEqual(expected);
  });
});

describe('chargeLimitSchema (SPEC §5: a chosen limit needs a value)', () => {
  it.each([
    [{ mode: 'none' }, []],
    [{ mode: 'full' }, []],
    [{ mode: 'cost', value: 500 }, []],
    [{ mode: 'cost' }, [rule.limitValueRequired]],
    [{ mode: 'time' }, [rule.limitValueRequired]],
    [{ mode: 'energy' }, [rule.limitValueRequired]],
    [{ mode: 'energy', value: 0 }, [rule.amount]],
    [{ mode: 'speed', value: 1 }, [rule.invalid]],
  ])('%j -> %j', (value, expected) => {
    expect(rules(chargeLimitSchema, value)).toEqual(expected);
  });

  it('reports the missing value on `value`', () => {
    const result = chargeLimitSchema.safeParse({ mode: 'time' });
    expect(result.error?.issues[0]?.path).toEqual(['value']);
  });
});

describe('termsAcceptedSchema', () => {
  it.each([
    [true, []],
    [false, [rule.termsRequired]],
    [undefined, [rule.termsRequired]],
  ])('%j -> %j', (value, expected) => {
    expect(rules(termsAcceptedSchema, value)).toEqual(expected);
  });
});
