import { canReadAnalytics } from '@evcharge/domain/analytics';
import { AppError } from '@evcharge/domain/errors';
import type { Auth } from '../../plugins/auth';

// Staff roles live on the user's row (users.staff_role), loaded afresh for every request of
// the console's routes, so a role taken away holds at once. Anyone who may not read the
// analytics (a driver, support, a moderator) gets NOT_FOUND, as for a route that does not exist.

/** The caller reads the analytics (analyst, admin). */
export function requireAnalyst(auth: Auth): void {
  if (!canReadAnalytics(auth.user.staffRole ?? null)) throw new AppError('NOT_FOUND');
}
