import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { openLoginDialog } from '@/lib/login-dialog';
import { writeFromClient } from '@/lib/storage';

/**
 * A visitor who scanned a connector's QR code is asked to sign in to charge there. The page
 * they are on (station and connector) is remembered as `fromClient` (SPEC §3 session storage),
 * so after signing in the login dialog brings them back to the same connector.
 */
export function SignInPrompt({ connector }: { connector: number | null }) {
  const { t } = useTranslation('station');
  const { pathname, search } = useLocation();
  function signIn() {
    writeFromClient(pathname + search);
    openLoginDialog();
  }
  return (
    <section className="sign-in-prompt" aria-labelledby="sign-in-prompt-title" data-testid="station-sign-in-prompt">
      <Icon name="bolt" size={28} className="sign-in-prompt__icon" />
      <div className="sign-in-prompt__body">
        <h2 id="sign-in-prompt-title">{t('station:signIn.title')}</h2>
        <p className="muted">
          {connector !== null ? t('station:signIn.textConnector', { number: connector }) : t('station:signIn.text')}
        </p>
        <div className="row">
          <Button variant="primary" icon="login" onClick={signIn} data-testid="station-sign-in">{t('common:signIn')}</Button>
          <ButtonLink to={paths.register} variant="secondary" onClick={() => writeFromClient(pathname + search)}>
            {t('station:signIn.register')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
