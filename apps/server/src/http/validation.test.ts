import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { fieldErrors } from './validation';

const schema = z.object({
  name: z.string({ error: rule.required }).min(1, { error: rule.required }),
  plain: z.string().max(3).optional(),
  kind: z.enum(['a', 'b']).optional(),
  count: z.number().optional(),
  flag: z.literal(true, { error: rule.termsRequired }).optional(),
  nested: z.object({ items: z.array(z.object({ id: z.string() })) }).optional(),
});

function rules(input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  return Object.fromEntries(fieldErrors(result.error.issues).map((f) => [f.path, f.rule]));
}

describe('fieldErrors', () => {
  it.each([
    ['a missing field', {}, { name: 'required' }],
    ['null for a field', { name: null }, { name: 'required' }],
    ['a number for a string', { name: 5 }, { name: 'invalid' }],
    ['an empty string', { name: '' }, { name: 'required' }],
    ["zod's own type error", { name: 'x', count: 'seven' }, { count: 'invalid' }],
    ['a string too long', { name: 'x', plain: 'abcd' }, { plain: 'tooLong' }],
    ['an unknown enum value', { name: 'x', kind: 'c' }, { kind: 'invalid' }],
    ['a rule key message', { name: 'x', flag: false }, { flag: 'termsRequired' }],
    [
      'a nested path',
      { name: 'x', nested: { items: [{ id: 1 }] } },
      { 'nested.items.0.id': 'invalid' },
    ],
  ])('maps %s', (_name, input, expected) => {
    expect(rules(input)).toEqual(expected);
  });

  it("names a strict object's unknown keys one by one", () => {
    const strict = z.object({ near: z.object({ lat: z.number() }).strict() }).strict();
    const result = strict.safeParse({ near: { lat: 1, radius: 5 }, foo: 1 }, { reportInput: true });
    expect(fieldErrors(result.error?.issues ?? [])).toEqual([
      { path: 'near.radius', rule: 'invalid' },
      { path: 'foo', rule: 'invalid' },
    ]);
  });

  it('keeps the first problem of each field', () => {
    const password = z
      .string()
      .min(6, { error: 'passwordTooShort' })
      .regex(/\d/, { error: 'passwordWeak' });
    const result = z.object({ password }).safeParse({ password: 'abc' }, { reportInput: true });
    expect(fieldErrors(result.error?.issues ?? [])).toEqual([
      { path: 'password', rule: 'passwordTooShort' },
    ]);
  });
});
