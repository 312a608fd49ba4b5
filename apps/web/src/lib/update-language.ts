import { useMutation } from '@tanstack/react-query';
import { updateLanguage } from '@evcharge/api/users/update-language';
import type { Language } from '@evcharge/domain/constants';
import { apiRequest } from '@/lib/api-client';
import { queryClient, userQueryKey } from '@/lib/query-client';
import { updateSession } from '@/lib/session';

/** PUT /user/updateLanguage (SPEC §7): the account's language on every device, mails and pushes too. */
export async function updateLanguageRequest(language: Language) {
  const result = await apiRequest(updateLanguage, { params: { lang: language } });
  updateSession({ Lang: language });
  await queryClient.invalidateQueries({ queryKey: userQueryKey });
  return result;
}

export function useUpdateLanguageMutation() {
  return useMutation({ mutationFn: updateLanguageRequest });
}
