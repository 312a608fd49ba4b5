import { describe, expect, it } from 'vitest';
import { sharedValues } from './repo';

describe('sharedValues', () => {
  it('gives back every value as it was read, null included', () => {
    const shared = sharedValues();
    const read = ['Moscow', 'ru', 'Moscow', null, 'available', 'ru'];
    expect(read.map((value) => shared(value))).toEqual(read);
  });

  it('answers the values past its limit as they were read', () => {
    const shared = sharedValues(2);
    const read = Array.from({ length: 50 }, (_, i) => `city ${i % 5}`);
    expect(read.map((value) => shared(value))).toEqual(read);
  });
});
