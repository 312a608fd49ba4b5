import { describe, expect, it } from 'vitest';
import { clockText } from './charge-text';

describe('clockText', () => {
  it.each([[0, '0:00'], [59, '0:59'], [61, '1:01'], [754, '12:34'], [3725, '1:02:05'], [-5, '0:00']])('%i s is %s', (seconds, text) => {
    expect(clockText(seconds)).toBe(text);
  });
});
