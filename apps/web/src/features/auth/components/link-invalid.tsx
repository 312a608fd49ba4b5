import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import './auth.css';

/** A mailed link that is missing its token, was used already, or has expired. */
export function LinkInvalid({ title, text, action }: { title: string; text: string; action: 'forgot' | 'home' }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__panel auth__state" data-testid="link-invalid" role="alert">
      <span className="auth__state-icon auth__state-icon--error"><Icon name="alert" size={32} /></span>
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="auth__actions">
        {action === 'forgot' ? (
          <ButtonLink to={paths.forgot} variant="primary" block>{t('auth:reset.requestNew')}</ButtonLink>
        ) : (
          <ButtonLink to={paths.home} variant="primary" block>{t('auth:confirm.toMap')}</ButtonLink>
        )}
      </div>
    </div>
  );
}
