import { describe, expect, it } from 'vitest';
import { formatInOffset } from './local-time';

describe('formatInOffset', () => {
  it.each([
    ['2026-11-21T18:10:00.500Z', 300, '2026-11-21T23:10:00+05:00'],
    ['2026-11-21T18:10:00Z', 0, '2026-11-21T18:10:00+00:00'],
    ['2026-11-21T01:10:00Z', -210, '2026-11-20T21:40:00-03:30'],
    ['2026-12-31T22:00:00Z', 345, '2027-01-01T03:45:00+05:45'],
  ])('%s at %i minutes is %s', (at, offset, expected) => {
    const text = formatInOffset(new Date(at), offset);
    expect(text).toBe(expected);
    expect(new Date(text).getTime()).toBe(Math.floor(new Date(at).getTime() / 1000) * 1000);
  });
});
