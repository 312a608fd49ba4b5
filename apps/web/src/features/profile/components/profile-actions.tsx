import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useLogOutMutation } from '../api/log-out';

export function ProfileActions() {
  const { t } = useTranslation('profile');
  const logOut = useLogOutMutation();
  return (
    <nav className="profile__actions" aria-label={t('profile:actions')}>
      <Link to={paths.appSettings} className="profile__link" data-testid="profile-settings-link">
        <Icon name="settings" />
        <span>
          <span className="profile__link-title">{t('profile:appSettings')}</span>
          <span className="muted small">{t('profile:appSettingsHint')}</span>
        </span>
        <Icon name="chevronRight" className="profile__chevron" />
      </Link>
      <Button
        variant="danger"
        icon="logout"
        block
        isLoading={logOut.isPending}
        data-testid="profile-sign-out"
        onClick={() => logOut.mutate()}
      >
        {t('profile:signOut')}
      </Button>
    </nav>
  );
}
