import { useMutation } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { sendPhoneCode } from '@evcharge/api/phone/send-code';
import { apiRequest } from '@/lib/api-client';

export type SendCodeBody = ContractBody<typeof sendPhoneCode>;

/** POST /api/user/codeSend: an SMS, a call or a QR code for the phone. */
export function sendCodeRequest(body: SendCodeBody) {
  return apiRequest(sendPhoneCode, { body });
}

export function useSendCodeMutation() {
  return useMutation({ mutationFn: sendCodeRequest });
}
