import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { navItems } from './nav-items';

/** Phones: the main destinations within thumb reach. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('common:mainNav')}>
      {navItems.map((item) => (
        <NavLink key={item.to} to={item.to} end className="tab-bar__item" data-testid={item.testId}>
          <Icon name={item.icon} size={24} />
          <span>{t(item.labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
