import { useMutation } from '@tanstack/react-query';
import { signIn } from '@evcharge/api/auth/sign-in';
import type { ContractBody } from '@evcharge/api/contract';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { settleLanguageAtSignIn } from '@/lib/account-language';
import { setLanguage } from '@/lib/preferences';
import { clearSession, startSession } from '@/lib/session';

export type SignInValues = Omit<ContractBody<typeof signIn>, 'userType'>;

/** SPEC §4: success needs a result with an access token; an empty one signs out and fails. */
export async function signInRequest(values: SignInValues) {
  const result = await apiRequest(signIn, { body: { ...values, userType: CLIENT_USER_TYPE } });
  if (!result?.accessToken) {
    clearSession();
    throw new ApiError(401, 'LOGIN_FAILED', 'Ошибка входа');
  }
  startSession(result);
  // The account's language, unless the visitor chose another here a moment ago (then a notice asks).
  const language = settleLanguageAtSignIn(result.Lang);
  if (language) await setLanguage(language);
  return result;
}

export function useSignInMutation() {
  return useMutation({ mutationFn: signInRequest });
}
