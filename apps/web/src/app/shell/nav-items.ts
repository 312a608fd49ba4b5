import type { IconName } from '@/components/ui/icon';
import { paths } from '../paths';

export type NavItem = {
  to: string;
  labelKey: string;
  icon: IconName;
  testId: string;
  /** Header on wide screens, tab bar on phones (four fit a thumb's reach), or both. */
  where: 'both' | 'header' | 'tabs';
};

// Destination, icon, where. The header has the account link beside it, so the profile is only
// a tab; on phones the dashboard and settings are one tap away in the profile. Written as a
// table because the shell is part of the map home's first load (the first-load budget, bench/RESULTS.md).
const table: readonly [destination: 'home' | 'charging' | 'history' | 'dashboard' | 'profile', IconName, NavItem['where']][] = [
  ['home', 'map', 'both'],
  ['charging', 'bolt', 'both'],
  ['history', 'history', 'both'],
  ['dashboard', 'chart', 'header'],
  ['profile', 'user', 'tabs'],
];

/** The shell's main destinations: label `common:nav.<destination>`, test id `nav-<destination>`. */
export const navItems: readonly NavItem[] = table.map(([destination, icon, where]) => ({
  to: paths[destination],
  labelKey: `common:nav.${destination}`,
  icon,
  testId: `nav-${destination}`,
  where,
}));
