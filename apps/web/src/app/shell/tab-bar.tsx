import { useTranslation } from 'react-i18next';
import { paths } from '../paths';
import { NavEntry } from './nav-entry';
import { navItems } from './nav-items';
import { useHasActiveCharge } from './use-active-charge';

/** Phones: the main destinations within thumb reach. */
export function TabBar() {
  // Not memoised by React Compiler: the shell renders again only on navigation, sign-in and
  // language changes, and the compiler's caching code would add to the map home's first load.
  'use no memo';
  const { t } = useTranslation();
  const hasActiveCharge = useHasActiveCharge();
  return (
    <nav className="tab-bar" aria-label={t('common:mainNav')}>
      {navItems.filter((item) => item.where !== 'header').map((item) => (
        <NavEntry key={item.to} item={item} className="tab-bar__item" testId={item.testId} iconSize={24} isLive={item.to === paths.charging && hasActiveCharge} />
      ))}
    </nav>
  );
}
