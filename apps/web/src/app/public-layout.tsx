import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSelect } from '@/components/language-select';
import { Spinner } from '@/components/ui/spinner';
import { paths } from './paths';
import './public-layout.css';

/** Screens outside the main shell: sign-in, registration, password, legal, not found. */
export function PublicLayout() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const { t } = useTranslation();
  return (
    <div className="public">
      <a className="skip-link" href="#main">{t('common:skipToContent')}</a>
      <header className="public__header">
        <Link to={paths.home} className="public__home" aria-label={t('common:toHome')}>
          <BrandMark />
        </Link>
        <LanguageSelect />
      </header>
      <main id="main" tabIndex={-1} className="public__main">
        <Suspense fallback={<Spinner label={t('common:loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="public__footer">
        <nav aria-label={t('common:legalNav')} className="public__legal">
          <Link to={paths.termsOfUse}>{t('common:termsOfUse')}</Link>
          <Link to={paths.privacyPolicy}>{t('common:privacyPolicy')}</Link>
        </nav>
      </footer>
    </div>
  );
}
