import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Shown while the first screen's chunk loads. */
export function BootScreen() {
  const { t } = useTranslation();
  return <Spinner label={t('common:loading')} fullPage />;
}
