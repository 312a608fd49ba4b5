import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSelfQuery } from '@/lib/self-query';
import { PasswordForm } from './password-form';
import { PersonForm } from './person-form';
import './account.css';

/** SPEC §2 `profileset`: personal data, the password, and the way out of the account. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('profile');
  const self = useSelfQuery();
  useDocumentTitle(t('profile:account.settings.title'));

  return (
    <div className="account" data-testid="profile-settings-page">
      <h1 className="account__title">{t('profile:account.settings.title')}</h1>
      {self.isPending && <Spinner label={t('common:loading')} />}
      {self.isError && <Alert tone="error"><p>{errorText(t, self.error)}</p></Alert>}
      {self.data && (
        <div className="account__columns">
          <PersonForm user={self.data} />
          <div className="account__side">
            <PasswordForm userId={self.data.id} />
            <Card title={t('profile:account.delete.cardTitle')} testId="delete-card">
              <p className="muted">{t('profile:account.delete.cardText')}</p>
              <ButtonLink to={paths.deleteAccount} variant="ghost" icon="trash" data-testid="delete-account-link">
                {t('profile:account.delete.open')}
              </ButtonLink>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
