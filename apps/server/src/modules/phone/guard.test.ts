import { describe, expect, it } from 'vitest';
import { AppError } from '@evcharge/domain/errors';
import { requireConfirmedPhone } from './guard';

describe('requireConfirmedPhone', () => {
  it('lets a confirmed phone through', () => {
    expect(() =>
      requireConfirmedPhone({ phone: '+79991234567', isPhoneConfirmed: true }),
    ).not.toThrow();
  });

  it.each([
    { phone: null, isPhoneConfirmed: false },
    { phone: '+79991234567', isPhoneConfirmed: false },
    { phone: null, isPhoneConfirmed: true },
  ])('refuses $phone (confirmed: $isPhoneConfirmed) with PHONE_NOT_CONFIRMED', (user) => {
    let caught: unknown;
    try {
      requireConfirmedPhone(user);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('PHONE_NOT_CONFIRMED');
    expect((caught as AppError).status).toBe(403);
  });
});
