import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { NavItem } from './nav-items';

type NavEntryProps = { item: NavItem; className: string; testId: string; iconSize: number; isLive: boolean };

/**
 * One main destination in the header or the tab bar. The charging entry shows a pulsing dot
 * while a session is open, and says so in words for screen readers (not by colour alone).
 */
export function NavEntry({ item, className, testId, iconSize, isLive }: NavEntryProps) {
  // Not memoised by React Compiler: the entry is a few elements, cheap to render again, and
  // the compiler's caching code would add to the map home's first load (the first-load budget, bench/RESULTS.md).
  'use no memo';
  const { t } = useTranslation();
  return (
    <NavLink to={item.to} end className={className} data-testid={testId} data-live={isLive || undefined}>
      <span className="nav-icon">
        <Icon name={item.icon} size={iconSize} />
        {isLive && <span className="nav-icon__live" />}
      </span>
      <span>{t(item.labelKey)}</span>
      {isLive && <span className="visually-hidden">{t('common:nav.chargingNow')}</span>}
    </NavLink>
  );
}
