import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { useConfirmEmailQuery } from '../api/confirm-email';
import { LinkInvalid } from './link-invalid';
import './auth.css';

/** /confirm_page?token=…: confirms the e-mail from the mailed link on open. */
export function ConfirmPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirmQuery = useConfirmEmailQuery(token);
  const session = useSession();
  useDocumentTitle(t('auth:confirm.title'));

  const error = confirmQuery.error;
  const isInvalid = !token || (error instanceof ApiError && (error.code === 'LINK_INVALID' || error.status === 400));
  if (isInvalid) {
    return <LinkInvalid title={t('auth:confirm.invalidTitle')} text={t('auth:confirm.invalidText')} action="home" />;
  }
  if (error) {
    return (
      <div className="auth" data-testid="confirm-error">
        <h1>{t('auth:confirm.title')}</h1>
        <Alert tone="error"><p>{errorText(t, error)}</p></Alert>
        <ButtonLink to={paths.home}>{t('auth:confirm.toMap')}</ButtonLink>
      </div>
    );
  }
  if (!confirmQuery.isSuccess) return <Spinner label={t('auth:confirm.checking')} />;

  return (
    <div className="auth__panel auth__state" data-testid="confirm-done" role="status">
      <span className="auth__state-icon"><Icon name="checkCircle" size={32} /></span>
      <h1>{t('auth:confirm.doneTitle')}</h1>
      <p>{t('auth:confirm.doneText')}</p>
      <div className="auth__actions">
        <ButtonLink to={paths.home} variant="primary" block>{t('auth:confirm.toMap')}</ButtonLink>
        {session ? (
          <ButtonLink to={paths.profile} block>{t('auth:register.toProfile')}</ButtonLink>
        ) : (
          <ButtonLink to={paths.login} block icon="login">{t('auth:reset.toLogin')}</ButtonLink>
        )}
      </div>
    </div>
  );
}
