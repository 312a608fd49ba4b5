import { useMutation } from '@tanstack/react-query';
import { signUp } from '@evcharge/api/auth/sign-up';
import type { ContractBody } from '@evcharge/api/contract';
import { settleLanguageAtSignIn } from '@/lib/account-language';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';
import { startSession } from '@/lib/session';

export type SignUpValues = Omit<ContractBody<typeof signUp>, 'Lang'>;

/** Registers and signs in; the account's language is the one the visitor reads now. */
export async function signUpRequest(values: SignUpValues) {
  const result = await apiRequest(signUp, { body: { ...values, Lang: currentLanguage() } });
  if (!result?.accessToken) throw new ApiError(401, 'LOGIN_FAILED', 'Ошибка входа');
  startSession(result);
  // The new account speaks the visitor's language: nothing to ask.
  settleLanguageAtSignIn(currentLanguage());
  return result;
}

export function useSignUpMutation() {
  return useMutation({ mutationFn: signUpRequest });
}
