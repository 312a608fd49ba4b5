import { describe, expect, it } from 'vitest';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { isExpired } from '@/lib/card-name';
import { outcomeOf } from './payment-outcome';

const result = (patch: Partial<PaymentResult>): PaymentResult => ({
  operationId: 'op', orderType: 'TopUpBalance', status: 'succeeded', amountMinor: 100, currency: 'rub',
  redirectUrl: null, errorCode: null, card: null, receiptId: null, shopOrderId: null, ...patch,
});

describe('outcomeOf', () => {
  it.each([
    [{ status: 'pending', redirectUrl: 'https://acquirer.example' }, 'redirect'],
    [{ status: 'pending' }, 'pending'],
    [{ status: 'succeeded' }, 'succeeded'],
    [{ status: 'held' }, 'succeeded'],
    [{ status: 'failed', errorCode: 'ACQ1' }, 'failed'],
    [{ status: 'released' }, 'failed'],
    [{ status: 'released', orderType: 'CardBinding' }, 'succeeded'],
  ] as const)('%j → %s', (patch, outcome) => {
    expect(outcomeOf(result(patch))).toBe(outcome);
  });
});

describe('isExpired', () => {
  const now = new Date(2025, 4, 12);
  it.each([
    [5, 2025, false],
    [4, 2025, true],
    [1, 2026, false],
    [12, 24, true],
    [6, 25, false],
  ])('%i/%i → %s', (expMonth, expYear, expired) => {
    expect(isExpired({ expMonth, expYear }, now)).toBe(expired);
  });
});
