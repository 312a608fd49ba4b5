import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { useDocumentTitle } from '@/lib/brand';
import { readFromClient, writeFromClient } from '@/lib/storage';
import { LoginForm } from './login-form';
import './auth.css';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useDocumentTitle(t('auth:login.title'));

  // SPEC §4: after signing in, the page the visitor wanted (fromClient), else the map.
  function handleSignedIn() {
    const from = readFromClient();
    writeFromClient(null);
    navigate(from ?? paths.home, { replace: true });
  }

  return (
    <div className="auth">
      <div className="auth__intro">
        <h1>{t('auth:login.title')}</h1>
        <p className="auth__lead">{t('auth:login.lead')}</p>
      </div>
      <div className="auth__panel">
        <LoginForm onSignedIn={handleSignedIn} />
      </div>
    </div>
  );
}
