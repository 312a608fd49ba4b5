import { expect, it } from 'vitest';
import { formatReceiptNumber } from './receipt-number';

it.each([
  ['2026-10-15T10:00:00Z', 1, '20261015-000001'],
  ['2026-01-02T23:59:59Z', 42, '20260102-000042'],
  // The UTC date, whatever the server's zone.
  ['2026-03-31T22:30:00-05:00', 999_999, '20260401-999999'],
  // Past six digits it grows rather than repeat a number.
  ['2026-10-15T10:00:00Z', 1_234_567, '20261015-1234567'],
])('%s with sequence %i is %s', (at, sequence, number) => {
  expect(formatReceiptNumber(new Date(at), sequence)).toBe(number);
});

it.each([0, -1, 1.5])('refuses sequence %s', (sequence) => {
  expect(() => formatReceiptNumber(new Date(), sequence)).toThrow(RangeError);
});
