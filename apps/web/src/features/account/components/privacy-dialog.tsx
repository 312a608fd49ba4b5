import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useLogOutMutation } from '../api/log-out';
import { useAcceptPolicyMutation } from '../api/account-api';

/**
 * The brand published a new privacy policy: the user reads and accepts it to go on, or signs
 * out. It cannot be dismissed; the acceptance is recorded with its version and time.
 */
export function PrivacyDialog({ version }: { version: string }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const accept = useAcceptPolicyMutation();
  const logOut = useLogOutMutation();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(version) ? format.date(new Date(`${version}T00:00:00Z`)) : version;

  return (
    <Dialog open onClose={() => undefined} title={t('profile:account.privacy.title')} testId="privacy-dialog">
      <div className="stack">
        <p>{t('profile:account.privacy.text', { date })}</p>
        <p>
          <Link to={paths.privacyPolicy} target="_blank" rel="noopener" data-testid="privacy-read">
            {t('profile:account.privacy.read')}
          </Link>
        </p>
        {accept.error && <Alert tone="error"><p>{errorText(t, accept.error)}</p></Alert>}
        <div className="account__actions">
          <Button variant="secondary" icon="logout" isLoading={logOut.isPending} onClick={() => logOut.mutate()}>
            {t('profile:account.privacy.signOut')}
          </Button>
          <Button icon="check" isLoading={accept.isPending} data-testid="privacy-accept"
            onClick={() => accept.mutate(version)}>
            {t('profile:account.privacy.accept')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
