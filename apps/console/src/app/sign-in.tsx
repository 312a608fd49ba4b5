import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn } from '@evcharge/api/auth/sign-in';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { apiRequest } from '../lib/api';
import { errorText } from '../lib/format';
import { settleLanguageAtSignIn } from '../lib/i18n';
import { startSession } from '../lib/session';
import { LanguageSwitch } from './language-switch';
import { BoltIcon } from './icons';

/** Staff sign in with their evcharge account (POST /auth/v2/signin, as the driver app). */
export function SignIn({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await apiRequest(signIn, {
        body: { login: email.trim(), password, userType: CLIENT_USER_TYPE },
      });
      // The account's language, unless one was chosen here just before; the console opens in it.
      await settleLanguageAtSignIn(result.Lang).catch(() => undefined);
      onSignedIn();
      startSession({ accessToken: result.accessToken });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <div className="sign-in-page">
      <form className="card sign-in" onSubmit={(event) => void submit(event)} noValidate>
        <div className="sign-in-head">
          <span className="logo">
            <BoltIcon size={26} />
          </span>
          <div>
            <h1>{t('signIn.title')}</h1>
            <p className="muted">{t('signIn.subtitle')}</p>
          </div>
        </div>
        {notice && !error && (
          <p className="alert" role="alert" data-testid="console-error">
            {t(notice)}
          </p>
        )}
        {error !== null && (
          <p className="alert" role="alert" data-testid="console-error">
            {errorText(t, error)}
          </p>
        )}
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="console-email"
          />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="console-password"
          />
        </label>
        <button
          type="submit"
          className="button primary wide"
          disabled={busy || !email.trim() || !password}
          data-testid="console-signin"
        >
          {busy ? t('signIn.signingIn') : t('signIn.submit')}
        </button>
        <div className="sign-in-foot">
          <LanguageSwitch />
        </div>
      </form>
    </div>
  );
}
