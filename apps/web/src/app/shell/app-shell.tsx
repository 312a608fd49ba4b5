import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { loadNamespaces } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { paths } from '../paths';
import { AppHeader } from './app-header';
import { TabBar } from './tab-bar';
import './shell.css';

/**
 * Language from the account and the privacy-policy dialog, for a signed-in user only; through
 * the signed-in screens' loader, so the first load names none of its chunks.
 */
const AccountWatch = lazy(() =>
  Promise.all([import('../charge-screens').then((m) => m.loadAccountWatch()), loadNamespaces(['profile'])]).then(([m]) => m),
);

/** The main shell: header (with the nav on wide screens), content, tab bar on phones. */
export function AppShell() {
  // Not memoised by React Compiler: the shell renders again only when the language changes,
  // and the compiler's caching code would add to the map home's first load (the first-load budget, bench/RESULTS.md).
  'use no memo';
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">{t('common:skipToContent')}</a>
      <AppHeader />
      <main id="main" tabIndex={-1} className="shell__main">
        <Suspense fallback={<Spinner label={t('common:loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="shell__footer">
        <nav aria-label={t('common:footerNav')} className="shell__legal">
          <Link to={paths.guides}>{t('common:nav.guides')}</Link>
          <Link to={paths.help}>{t('common:nav.help')}</Link>
          <Link to={paths.about}>{t('common:nav.about')}</Link>
          <Link to={paths.termsOfUse}>{t('common:termsOfUse')}</Link>
          <Link to={paths.privacyPolicy}>{t('common:privacyPolicy')}</Link>
        </nav>
      </footer>
      <TabBar />
      {signedIn && <Suspense fallback={null}><AccountWatch /></Suspense>}
    </div>
  );
}
