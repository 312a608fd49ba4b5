import { useTranslation } from 'react-i18next';
import { SupportInfo } from '@/components/support-info';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSelfQuery } from '@/lib/self-query';
import { BalanceCard } from './balance-card';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';
import { ProfileSummary } from './profile-summary';
import './profile.css';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const selfQuery = useSelfQuery();
  useDocumentTitle(t('profile:title'));

  return (
    <div className="profile" data-testid="profile-page">
      <h1 className="visually-hidden">{t('profile:title')}</h1>
      {selfQuery.isPending && <Spinner label={t('common:loading')} />}
      {selfQuery.isError && (
        <div className="stack">
          <Alert tone="error" testId="profile-error"><p>{errorText(t, selfQuery.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void selfQuery.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
      {selfQuery.data && (
        <>
          <ProfileSummary user={selfQuery.data} />
          <div className="profile__columns">
            <BalanceCard user={selfQuery.data} />
            <ProfileDetails user={selfQuery.data} />
          </div>
        </>
      )}
      <ProfileActions />
      <SupportInfo />
    </div>
  );
}
