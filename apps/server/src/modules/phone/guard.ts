import { AppError } from '@evcharge/domain/errors';
import type { UserRow } from '../../plugins/auth';

/**
 * SPEC §5: "A card can be bound only after the phone is confirmed". Features that need a
 * confirmed phone call this first; it throws PHONE_NOT_CONFIRMED (403).
 */
export function requireConfirmedPhone(user: Pick<UserRow, 'phone' | 'isPhoneConfirmed'>): void {
  if (!user.phone || !user.isPhoneConfirmed) throw new AppError('PHONE_NOT_CONFIRMED');
}
