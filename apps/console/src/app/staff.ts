import type { ContractResponse } from '@evcharge/api/contract';
import type { getStaffSelf } from '@evcharge/api/admin/support';
import { logout } from '@evcharge/api/auth/logout';
import { canReadAnalytics } from '@evcharge/domain/analytics';
import { canCheckMeters, canModerate } from '@evcharge/domain/reviews';
import { canAnswerSupport } from '@evcharge/domain/support';
import { apiRequest } from '../lib/api';
import { clearSession } from '../lib/session';

export type Staff = ContractResponse<typeof getStaffSelf>;
export type Section = 'support' | 'moderation' | 'analytics' | 'meters';

/**
 * The sections a role opens: support (support, admin), moderation (moderator, admin),
 * analytics (analyst, admin), meters (support, admin).
 */
export function sectionsOf(staff: Pick<Staff, 'role'>): Section[] {
  const sections: Section[] = [];
  if (canAnswerSupport(staff.role)) sections.push('support');
  if (canModerate(staff.role)) sections.push('moderation');
  if (canReadAnalytics(staff.role)) sections.push('analytics');
  if (canCheckMeters(staff.role)) sections.push('meters');
  return sections;
}

/** Revokes the token on the server when it still can, then forgets it here. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest(logout);
  } catch {
    // Gone already, or offline: the local sign-out is what counts.
  }
  clearSession();
}
