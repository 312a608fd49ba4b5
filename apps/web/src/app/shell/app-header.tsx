import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toggleLoginDialog } from '@/lib/login-dialog';
import { useSession } from '@/lib/session';
import { paths } from '../paths';
import { NavEntry } from './nav-entry';
import { navItems } from './nav-items';
import { useHasActiveCharge } from './use-active-charge';

/**
 * The active profile and the notifications: a signed-in driver's only (visitors load none of
 * it), through the signed-in screens' loader, so the first load names no chunk of its own.
 */
const SignedInTools = lazy(() => import('../charge-screens').then((m) => m.loadSignedInTools()));

export function AppHeader() {
  // Not memoised by React Compiler: the shell renders again only on navigation, sign-in and
  // language changes, and the compiler's caching code would add to the map home's first load.
  'use no memo';
  const { t } = useTranslation();
  const session = useSession();
  const hasActiveCharge = useHasActiveCharge();
  const initial = session?.user.name.trim().charAt(0).toUpperCase();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={paths.home} className="app-header__brand" aria-label={t('common:toHome')}>
          <BrandMark />
        </Link>
        <nav className="app-header__nav" aria-label={t('common:mainNav')}>
          {navItems.filter((item) => item.where !== 'tabs').map((item) => (
            <NavEntry key={item.to} item={item} className="app-header__link" testId={`header-${item.testId}`} iconSize={20} isLive={item.to === paths.charging && hasActiveCharge} />
          ))}
        </nav>
        {session && <Suspense fallback={null}><SignedInTools user={session.user} t={t} /></Suspense>}
        <Link to={paths.guides} className="app-header__help" data-testid="header-guides">
          <Icon name="help" size={22} />
          <span className="visually-hidden">{t('common:nav.guides')}</span>
        </Link>
        {session ? (
          <Link to={paths.profile} className="app-header__account" data-testid="header-account">
            <span className="app-header__avatar" aria-hidden="true">{initial || <Icon name="user" size={18} />}</span>
            <span className="app-header__name">{session.user.name}</span>
            <span className="visually-hidden">{t('common:nav.profile')}</span>
          </Link>
        ) : (
          <Button variant="primary" icon="login" onClick={toggleLoginDialog} data-testid="header-sign-in">
            {t('common:signIn')}
          </Button>
        )}
      </div>
    </header>
  );
}
