import { useEffect, type ReactNode } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '@/lib/i18n';
import { openLoginDialog, openLoginDialogOnArrival } from '@/lib/login-dialog';
import { clearSession, isSignedIn, takeSessionEndReason, useSession } from '@/lib/session';
import { writeFromClient } from '@/lib/storage';
import { guardRoute } from './guard';
import { isKnownPath } from './paths';

/**
 * Applies the SPEC §4 guard. In-app navigations away from the map are blocked before they
 * happen (the URL stays on /, nothing loads) and open the login dialog; any other arrival of a
 * signed-out user on a protected path (direct open, deep link, session expired) signs out and
 * goes home keeping the locale.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();

  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    guardRoute({
      pathname: nextLocation.pathname,
      search: nextLocation.search,
      isSignedIn: isSignedIn(),
      isKnownRoute: isKnownPath(nextLocation.pathname),
      previousPathname: currentLocation.pathname,
      language: currentLanguage(),
    }).action === 'loginDialog',
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    writeFromClient(blocker.location.pathname + blocker.location.search);
    blocker.reset();
    openLoginDialog();
  }, [blocker]);

  const decision = guardRoute({
    pathname: location.pathname,
    search: location.search,
    isSignedIn: session !== null,
    isKnownRoute: isKnownPath(location.pathname),
    previousPathname: null,
    language: currentLanguage(),
  });

  const { action } = decision;
  const fromClient = decision.action === 'allow' ? '' : decision.fromClient;
  const target = decision.action === 'signOutAndRedirect' ? decision.to : '';

  useEffect(() => {
    if (action === 'allow') return;
    // After a deliberate sign-out there is nothing to come back to.
    const reason = takeSessionEndReason();
    writeFromClient(reason === 'logout' ? null : fromClient);
    if (action === 'loginDialog') {
      openLoginDialog();
      return;
    }
    clearSession();
    // A session the server ended (401: expired, revoked): sign in again and come back here.
    if (reason === 'expired') openLoginDialogOnArrival();
    navigate(target, { replace: true });
  }, [action, fromClient, target, navigate]);

  return action === 'allow' ? children : null;
}
