import { useMutation } from '@tanstack/react-query';
import { logout } from '@evcharge/api/auth/logout';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/**
 * POST /auth/logout, then clear the session — also when the server cannot be reached: the
 * user asked to leave. The route guard then takes them from this protected page home.
 */
export async function logOutRequest(): Promise<void> {
  try {
    await apiRequest(logout);
  } catch {
    // Offline or token already revoked: signing out locally is still right.
  }
  clearSession('logout');
}

export function useLogOutMutation() {
  return useMutation({ mutationFn: logOutRequest });
}
