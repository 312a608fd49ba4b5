import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  closeLoginDialog,
  openLoginDialog,
  takeOpenOnArrival,
  useLoginDialogOpen,
} from '@/lib/login-dialog';
import { ChunkLoadFailed } from './chunk-load-failed';
import { withTimeout } from './lazy-route';

/** The dialog's module: asked for once the first screen is in (root-layout.tsx), or when it first opens. */
export const loadLoginDialog = () => withTimeout(import('./login-dialog-host'));

const LoginDialogHost = lazy(() =>
  loadLoginDialog().then(
    (m) => ({ default: m.LoginDialogHost }),
    () => ({ default: ChunkLoadFailed }),
  ),
);

/**
 * SPEC §4: the login dialog's place in the page. Its code is no part of the first screen: it
 * renders once the dialog first opens, and stays (it moves focus after a sign-in).
 */
export function LoginDialogSlot() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const isOpen = useLoginDialogOpen();
  const { pathname } = useLocation();
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);

  // Following a link inside the dialog (forgot password, register) leaves it behind; a driver
  // whose session ended arrives home with it open (route-guard.tsx).
  useEffect(() => (takeOpenOnArrival() ? openLoginDialog() : closeLoginDialog()), [pathname]);

  return hasOpened ? (
    <Suspense fallback={null}>
      <LoginDialogHost />
    </Suspense>
  ) : null;
}
