import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isLanguage } from '@evcharge/domain/constants';
import {
  accountLanguageToApply,
  currentLanguageQuestion,
  linkQuestionFor,
  setLanguageQuestion,
  useLanguageQuestion,
} from '@/lib/account-language';
import { selfQueryOptions } from '@/lib/self-query';
import { useBrandQuery } from '@/lib/brand';
import { currentLanguage } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import { LanguageQuestionNotice } from './language-question';
import { PrivacyDialog } from './privacy-dialog';
import './account.css';

/**
 * Keeps a signed-in device in step with the account: the language chosen on any device
 * (PUT /user/updateLanguage) applies here when the app is opened or focused again (unless the
 * visitor chose another just before signing in: then a notice asks which to keep), and a new
 * privacy policy of the brand asks to be accepted before anything else. A link's `locale` that
 * switched the screen asks the same way whether to save it (query-params.ts).
 */
export function AccountWatch() {
  const self = useQuery({ ...selfQueryOptions(), refetchOnWindowFocus: true });
  const brand = useBrandQuery();
  const language = self.data?.Lang;

  const question = useLanguageQuestion();
  useEffect(() => {
    const asked = currentLanguageQuestion();
    // A link's language stays on screen until the driver answers; the question follows the
    // account's language as the server has it now.
    if (asked?.via === 'link' && isLanguage(language)) {
      const next = linkQuestionFor(language, asked);
      if (next !== asked) setLanguageQuestion(next);
      return;
    }
    const next = accountLanguageToApply(language, currentLanguage(), asked);
    if (!next) return;
    // The account's language changed on another device: this sign-in's question is moot.
    if (currentLanguageQuestion()) setLanguageQuestion(null);
    void setLanguage(next);
  }, [language]);

  const version = brand.data?.privacyPolicyVersion;
  if (self.data && version && self.data.privacyPolicyVersion !== version) {
    return <PrivacyDialog version={version} />;
  }
  return question?.isOpen ? <LanguageQuestionNotice question={question} /> : null;
}
