import { describe, expect, it } from 'vitest';
import { isUnsafeText, unsafeTextPaths } from './safe-text';

describe('isUnsafeText', () => {
  it.each([
    ['plain text', 'Anna Petrova', false],
    ['Cyrillic and Kazakh letters', 'Әлия Ғалымқызы', false],
    ['a surrogate pair (an emoji)', 'car 🚗', false],
    ['tabs and new lines', 'a\tb\r\nc', false],
    ['a NUL', 'a\u0000b', true],
    ['a lone high surrogate', 'a\uD800b', true],
    ['a lone low surrogate', 'a\uDC00b', true],
    ['a high surrogate at the end', 'ab\uD83D', true],
    ['two high surrogates', '\uD83D\uD83D\uDE97', true],
  ])('%s', (_name, text, unsafe) => {
    expect(isUnsafeText(text)).toBe(unsafe);
  });
});

describe('unsafeTextPaths', () => {
  it('names values and keys at any depth, in order', () => {
    const input = {
      name: 'ok',
      items: [{ id: 'x\u0000' }, 'fine', '\uDC00'],
      ['k\u0000ey']: { deeper: '\u0000' },
      count: 5,
      nothing: null,
    };
    expect(unsafeTextPaths(input)).toEqual(['items.0.id', 'items.2', 'k\u0000ey']);
  });

  it('accepts a clean input and a bare string', () => {
    expect(unsafeTextPaths({ a: [1, true, 'b', { c: 'd' }] })).toEqual([]);
    expect(unsafeTextPaths('\u0000')).toEqual(['']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });
});
