import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import './auth.css';

/** The end of both reset flows (code and link). */
export function PasswordChanged() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__panel auth__state" data-testid="password-changed" role="status">
      <span className="auth__state-icon"><Icon name="checkCircle" size={32} /></span>
      <h1>{t('auth:reset.doneTitle')}</h1>
      <p>{t('auth:reset.doneText')}</p>
      <div className="auth__actions">
        <ButtonLink to={paths.login} variant="primary" block icon="login">{t('auth:reset.toLogin')}</ButtonLink>
      </div>
    </div>
  );
}
