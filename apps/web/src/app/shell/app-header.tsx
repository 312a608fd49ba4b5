import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toggleLoginDialog } from '@/lib/login-dialog';
import { useSession } from '@/lib/session';
import { paths } from '../paths';
import { navItems } from './nav-items';

export function AppHeader() {
  const { t } = useTranslation();
  const session = useSession();
  const initial = session?.user.name.trim().charAt(0).toUpperCase();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={paths.home} className="app-header__brand" aria-label={t('common:toHome')}>
          <BrandMark />
        </Link>
        <nav className="app-header__nav" aria-label={t('common:mainNav')}>
          {navItems.map((item) => (
            <NavLink key={item.to} to={item.to} end className="app-header__link" data-testid={`header-${item.testId}`}>
              <Icon name={item.icon} size={20} />
              <span>{t(item.labelKey)}</span>
            </NavLink>
          ))}
        </nav>
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
