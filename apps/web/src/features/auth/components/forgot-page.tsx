import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { useResetPasswordMutation } from '../api/reset-password';
import { ForgotCodeForm } from './forgot-code-form';
import { ForgotRequestForm } from './forgot-request-form';
import { PasswordChanged } from './password-changed';
import './auth.css';

type Step = { name: 'request' } | { name: 'code'; email: string } | { name: 'done' };

/** /forgot: e-mail → mailed code (or the mailed link) → new password. */
export function ForgotPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ name: 'request' });
  const resend = useResetPasswordMutation();
  useDocumentTitle(t('auth:forgot.title'));

  if (step.name === 'done') return <PasswordChanged />;

  return (
    <div className="auth">
      <div className="auth__intro">
        <h1>{t('auth:forgot.title')}</h1>
        <p className="auth__lead">
          {step.name === 'request' ? t('auth:forgot.lead') : t('auth:forgot.codeLead', { email: step.email })}
        </p>
      </div>
      <div className="auth__panel">
        {step.name === 'request' ? (
          <ForgotRequestForm onSent={(email) => setStep({ name: 'code', email })} />
        ) : (
          <>
            <Alert tone="info" testId="forgot-sent">
              <p>{t('auth:forgot.sent', { email: step.email })}</p>
            </Alert>
            <ForgotCodeForm email={step.email} onDone={() => setStep({ name: 'done' })} />
            <div className="row">
              <Button variant="ghost" icon="refresh" isLoading={resend.isPending}
                onClick={() => resend.mutate(step.email)} data-testid="forgot-resend">
                {t('auth:forgot.resend')}
              </Button>
              <Button variant="ghost" onClick={() => setStep({ name: 'request' })}>
                {t('auth:forgot.otherEmail')}
              </Button>
            </div>
            {resend.isSuccess && <p role="status" className="muted small">{t('auth:forgot.resent')}</p>}
            {resend.error && <Alert tone="error"><p>{errorText(t, resend.error)}</p></Alert>}
          </>
        )}
      </div>
      <p className="auth__switch">
        {t('auth:forgot.remembered')} <Link to={paths.login}>{t('auth:login.submit')}</Link>
      </p>
    </div>
  );
}
