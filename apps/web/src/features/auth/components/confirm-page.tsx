import { useState } from 'react';
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
import { ConfirmCodeForm } from './confirm-code-form';
import { LinkInvalid } from './link-invalid';
import './auth.css';

/**
 * /confirm_page?token=…: confirms the e-mail from the mailed link on open. Without a token it
 * asks for the code from the mail instead.
 */
export function ConfirmPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirmQuery = useConfirmEmailQuery(token);
  const session = useSession();
  const [byCode, setByCode] = useState(false);
  useDocumentTitle(t('auth:confirm.title'));

  if (!token && !byCode) return <ConfirmCodeForm onConfirmed={() => setByCode(true)} />;
  const error = confirmQuery.error;
  const isInvalid = (error instanceof ApiError && (error.code === 'LINK_INVALID' || error.status === 400));
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
  if (!byCode && !confirmQuery.isSuccess) return <Spinner label={t('auth:confirm.checking')} />;

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
