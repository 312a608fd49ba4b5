import { AppError } from '@evcharge/domain/errors';
import { canModerate } from '@evcharge/domain/reviews';
import type { Auth } from '../../plugins/auth';

// Staff roles (SPEC §6: the administrator interface) live on the user's row (users.staff_role),
// which `requireUser` loads afresh for every request of a moderation route (they do not use
// the cached authentication), so a role taken away holds at once.

/**
 * The caller may moderate reviews (moderator, admin); anyone else gets NOT_FOUND, as for a
 * route that does not exist, so a driver or a support agent learns nothing of the queue.
 */
export function requireModerator(auth: Auth): string {
  if (!canModerate(auth.user.staffRole ?? null)) throw new AppError('NOT_FOUND');
  return auth.user.id;
}

/** The caller may see what moderators see (a pending review's photos). */
export function isModerator(auth: Auth | null): boolean {
  return auth !== null && canModerate(auth.user.staffRole ?? null);
}
