import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { confirmPhoneCode } from '@evcharge/api/phone/confirm-code';
import { apiRequest } from '@/lib/api-client';
import { rememberUser } from '@/lib/self-query';

export type ConfirmCodeBody = ContractBody<typeof confirmPhoneCode>;

/** POST /api/user/codeConf: the SMS code or the last 4 digits of the calling number. */
export function confirmCodeRequest(body: ConfirmCodeBody) {
  return apiRequest(confirmPhoneCode, { body });
}

export function useConfirmCodeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmCodeRequest,
    onSuccess: (result) => rememberUser(client, result.user),
  });
}
