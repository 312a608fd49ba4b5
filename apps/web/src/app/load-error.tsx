import { useTranslation } from 'react-i18next';
import type { ClientErrorCode } from '@/lib/api-error-class';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import './load-error.css';

/** A screen that could not be shown, with a retry (a full reload: new chunk names too). */
export function LoadError({ code }: { code: ClientErrorCode }) {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const { t } = useTranslation();
  return (
    <div className="load-error" data-testid="route-error">
      <Alert tone="error" title={t(`errors:${code}`)}>
        <p>{t('common:loadErrorHint')}</p>
      </Alert>
      <Button icon="refresh" onClick={() => window.location.reload()} data-testid="route-error-retry">
        {t('common:retry')}
      </Button>
    </div>
  );
}
