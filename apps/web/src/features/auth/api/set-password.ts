import { useMutation } from '@tanstack/react-query';
import { setPassword } from '@evcharge/api/auth/set-password';
import type { ContractBody } from '@evcharge/api/contract';
import { apiRequest } from '@/lib/api-client';

export type SetPasswordBody = ContractBody<typeof setPassword>;

/** With the link's token, or with the e-mail and the mailed code. */
export function setPasswordRequest(body: SetPasswordBody) {
  return apiRequest(setPassword, { body });
}

export function useSetPasswordMutation() {
  return useMutation({ mutationFn: setPasswordRequest });
}
