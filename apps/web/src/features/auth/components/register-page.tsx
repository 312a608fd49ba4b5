import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useDocumentTitle } from '@/lib/brand';
import { RegisterForm } from './register-form';
import './auth.css';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  useDocumentTitle(t('auth:register.title'));

  if (registeredEmail) {
    return (
      <div className="auth__panel auth__state" data-testid="register-done" role="status">
        <span className="auth__state-icon"><Icon name="mail" size={32} /></span>
        <h1>{t('auth:register.doneTitle')}</h1>
        <p>{t('auth:register.doneText', { email: registeredEmail })}</p>
        <div className="auth__actions">
          <ButtonLink to={paths.home} variant="primary" block>{t('auth:register.toMap')}</ButtonLink>
          <ButtonLink to={paths.profile} block>{t('auth:register.toProfile')}</ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="auth">
      <div className="auth__intro">
        <h1>{t('auth:register.title')}</h1>
        <p className="auth__lead">{t('auth:register.lead')}</p>
      </div>
      <div className="auth__panel">
        <RegisterForm onRegistered={setRegisteredEmail} />
      </div>
    </div>
  );
}
