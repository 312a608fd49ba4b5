import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/brand';
import { clearSession } from '@/lib/session';
import './account.css';

/** SPEC §4: the end of an account deletion, signed out: it is gone, and what the law keeps. */
export function AccountDeletedPage() {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('profile:account.delete.doneTitle'));
  // Coming from the deletion (delete-account-page.tsx), the session ends here.
  const endsSession = (useLocation().state as { endSession?: boolean } | null)?.endSession === true;
  useEffect(() => {
    if (endsSession) clearSession('logout');
  }, [endsSession]);
  return (
    <div className="account account--narrow" data-testid="account-deleted-page">
      <Card title={t('profile:account.delete.doneTitle')} testId="account-deleted">
        <p>{t('profile:account.delete.doneText')}</p>
        <p className="muted">{t('profile:account.delete.kept')}</p>
        <div className="account__actions">
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('profile:account.delete.doneHome')}</ButtonLink>
        </div>
      </Card>
    </div>
  );
}
