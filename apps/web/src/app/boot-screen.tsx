import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Shown while the first screen's chunk loads. */
export function BootScreen() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const { t } = useTranslation();
  return <Spinner label={t('common:loading')} fullPage />;
}
