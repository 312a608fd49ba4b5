import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { closeLoginDialog, loginDialogOpener, useLoginDialogOpen } from '@/lib/login-dialog';
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

/** Where focus goes once signed in: back to the opener on the same screen, or the new screen's heading. */
type FocusAfterSignIn = { opener: HTMLElement | null; pathname: string | null };

/**
 * The screen's main heading takes focus (WCAG 2.2 2.4.3 Focus Order), made focusable by script
 * only, so it is no stop for Tab.
 */
function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/** How long a screen still loading its data (a spinner, no heading yet) may take to show one. */
const HEADING_WAIT_MS = 10_000;

/**
 * The screen may be loading again after the sign-in (its data is asked for as the driver now):
 * focus goes to its heading once it shows, unless the driver has put the focus somewhere meanwhile.
 */
function focusMainHeadingWhenShown(): void {
  if (focusMainHeading()) return;
  const observer = new MutationObserver(() => {
    const isFocusFree = document.activeElement === null || document.activeElement === document.body;
    if (!isFocusFree || focusMainHeading()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * SPEC §4: the login dialog, toggled from the header, the home page, or by the guard; rendered
 * by login-dialog-slot.tsx once it first opens.
 */
export function LoginDialogHost() {
  const isOpen = useLoginDialogOpen();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Once signed in, focus does not fall to the page's body: it goes back to the control that
  // opened the dialog, or (when that control is gone, or the dialog led to another screen) to
  // the screen's main heading. It moves after the commit's own effects (the layout focuses the
  // new content on a change of page) and, on the way to another screen, once it is there.
  const [focusAfterSignIn, setFocusAfterSignIn] = useState<FocusAfterSignIn | null>(null);
  useEffect(() => {
    if (!focusAfterSignIn || isOpen) return;
    if (focusAfterSignIn.pathname !== null && focusAfterSignIn.pathname !== pathname) return;
    const timer = setTimeout(() => {
      const { opener } = focusAfterSignIn;
      if (focusAfterSignIn.pathname === null && opener?.isConnected) opener.focus();
      // The wait ends by itself: at the heading, at the driver's own focus, or after a while.
      if (!opener || document.activeElement !== opener) focusMainHeadingWhenShown();
      setFocusAfterSignIn(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusAfterSignIn, isOpen, pathname]);

  function handleSignedIn() {
    const opener = loginDialogOpener();
    closeLoginDialog();
    const from = readFromClient();
    writeFromClient(null);
    const target = from ? new URL(from, window.location.origin).pathname : null;
    setFocusAfterSignIn({ opener, pathname: target !== null && target !== pathname ? target : null });
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
