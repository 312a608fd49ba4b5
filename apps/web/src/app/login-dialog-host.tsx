import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { closeLoginDialog, openLoginDialog, takeOpenOnArrival, useLoginDialogOpen } from '@/lib/login-dialog';
import { readFromClient, writeFromClient } from '@/lib/storage';
import { ChunkLoadFailed } from './chunk-load-failed';
import { withTimeout } from './lazy-route';

// The form's chunk (react-hook-form, zod) loads only when the dialog first opens.
const LoginForm = lazy(() =>
  withTimeout(import('@/features/auth/components/login-form')).then(
    (m) => ({ default: m.LoginForm }),
    () => ({ default: ChunkLoadFailed }),
  ),
);

/** SPEC §4: the login dialog, toggled from the header, the home page, or by the guard. */
export function LoginDialogHost() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const isOpen = useLoginDialogOpen();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Following a link inside the dialog (forgot password, register) leaves it behind; a driver
  // whose session ended arrives home with it open (route-guard.tsx).
  useEffect(() => (takeOpenOnArrival() ? openLoginDialog() : closeLoginDialog()), [pathname]);

  function handleSignedIn() {
    closeLoginDialog();
    const from = readFromClient();
    writeFromClient(null);
    if (from) navigate(from);
  }

  return (
    <Dialog
      open={isOpen}
      onClose={closeLoginDialog}
      title={t('common:signIn')}
      closeLabel={t('common:close')}
      testId="login-dialog"
    >
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        <LoginForm onSignedIn={handleSignedIn} />
      </Suspense>
    </Dialog>
  );
}
