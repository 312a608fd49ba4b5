import { useMutation } from '@tanstack/react-query';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { apiRequest } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** Mails a reset link and a 6-digit code, in the language the visitor reads. */
export function resetPasswordRequest(email: string) {
  return apiRequest(resetPassword, { body: { email, Lang: currentLanguage() } });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPasswordRequest });
}
