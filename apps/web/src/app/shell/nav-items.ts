import type { IconName } from '@/components/ui/icon';
import { paths } from '../paths';

/** The shell's main destinations, in the header on wide screens and the tab bar on phones. */
export const navItems: readonly { to: string; labelKey: string; icon: IconName; testId: string }[] = [
  { to: paths.home, labelKey: 'common:nav.home', icon: 'map', testId: 'nav-home' },
  { to: paths.profile, labelKey: 'common:nav.profile', icon: 'user', testId: 'nav-profile' },
  { to: paths.appSettings, labelKey: 'common:nav.settings', icon: 'settings', testId: 'nav-settings' },
];
