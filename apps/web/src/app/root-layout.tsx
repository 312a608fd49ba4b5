import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useBrandQuery } from '@/lib/brand';
import { afterFirstScreen, markFirstScreenRendered } from '@/lib/first-screen';
import { whenIdle } from '@/lib/yield';
import { adminRedirect } from './guard';
import { loadLoginDialog, LoginDialogSlot } from './login-dialog-slot';
import { applyQueryParams } from './query-params';
import { useQrHandoff } from './qr-handoff';
import { RouteGuard } from './route-guard';
import './root-layout.css';

/** The root route: effects every screen shares, the guard, and the login dialog. */
export function RootLayout() {
  // Not memoised by React Compiler: its caching code would add to the map home's first load
  // (the first-load budget, bench/RESULTS.md), and this renders again only on navigation, sign-in and language changes.
  'use no memo';
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const { data: brand } = useBrandQuery();
  const isFirstRender = useRef(true);
  useQrHandoff();

  // With a data router this layout first renders once the first screen's chunk has arrived.
  useEffect(() => markFirstScreenRendered(), []);

  // The login dialog's code, ready before a driver taps "Sign in", off the first screen's path.
  useEffect(() => {
    void afterFirstScreen()
      .then(() => whenIdle())
      .then(loadLoginDialog)
      .catch(() => {});
  }, []);

  useEffect(() => {
    if (brand) void import('@/lib/brand-colors').then(({ applyBrandColors }) => applyBrandColors(brand));
  }, [brand]);

  useEffect(() => {
    const target = adminRedirect(pathname);
    // A full navigation: the administrator interface is another app (SPEC §2).
    if (target) window.location.replace(target);
  }, [pathname]);

  useEffect(() => applyQueryParams(search), [search]);

  // SPEC §2: every route change starts at the top; focus moves to the new content so screen
  // reader and keyboard users start there too (not on the first load: the page is fresh).
  useEffect(() => {
    window.scrollTo(0, 0);
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      {navigation.state === 'loading' && <div className="nav-progress" aria-hidden="true" />}
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      <LoginDialogSlot />
    </>
  );
}
