import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isLanguage } from '@evcharge/domain/constants';
import { selfQueryOptions } from '@/lib/self-query';
import { useBrandQuery } from '@/lib/brand';
import { currentLanguage } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import { PrivacyDialog } from './privacy-dialog';
import './account.css';

/**
 * Keeps a signed-in device in step with the account: the language chosen on any device
 * (PUT /user/updateLanguage) applies here when the app is opened or focused again, and a new
 * privacy policy of the brand asks to be accepted before anything else.
 */
export function AccountWatch() {
  const self = useQuery({ ...selfQueryOptions(), refetchOnWindowFocus: true });
  const brand = useBrandQuery();
  const language = self.data?.Lang;

  useEffect(() => {
    if (language && isLanguage(language) && language !== currentLanguage()) void setLanguage(language);
  }, [language]);

  const version = brand.data?.privacyPolicyVersion;
  if (self.data && version && self.data.privacyPolicyVersion !== version) {
    return <PrivacyDialog version={version} />;
  }
  return null;
}
