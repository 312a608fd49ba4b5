import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { clockTime, useConnection } from '@/lib/connection';
import './offline-indicator.css';

/**
 * The app-wide note while the server cannot be reached (SPEC §2): what is shown may be the
 * last seen, and starting, stopping, reserving and paying wait for a connection. A polite
 * status: a screen reader says it once it has finished what it is reading.
 */
export function OfflineIndicator() {
  const { t, i18n } = useTranslation('errors');
  const { isOnline, keptAt } = useConnection();
  return (
    <div role="status" aria-live="polite" className="offline-indicator-live">
      {!isOnline && (
        <p className="offline-indicator" data-testid="offline-indicator">
          <Icon name="alert" size={18} />
          <span>
            <strong>{t('errors:offline.title')}</strong>{' '}
            {keptAt ? t('errors:offline.keptAt', { time: clockTime(keptAt, i18n.language) }) : t('errors:offline.hint')}
          </span>
        </p>
      )}
    </div>
  );
}
