import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { chargingPath } from '@/app/charge-paths';
import { sessionTone } from '@/components/charge/session-status';

/** Several sessions at once (two cars, or a finished one still to close): one tab each. */
export function SessionSwitcher({ items, chosen }: { items: readonly Charge[]; chosen: number }) {
  const { t } = useTranslation('charging');
  return (
    <nav className="session-switcher" aria-label={t('charging:switcher.label')} data-testid="session-switcher">
      {items.map((item) => (
        <Link
          key={item.transactionId}
          to={chargingPath(item.transactionId)}
          replace
          className="session-switcher__tab"
          aria-current={item.transactionId === chosen ? 'page' : undefined}
          data-testid="session-tab"
          data-transaction-id={item.transactionId}
        >
          <span className={`session-switcher__dot session-status--${sessionTone(item.status)}`} aria-hidden="true" />
          <span className="session-switcher__text">
            <span className="session-switcher__station">{item.station.name}</span>
            <span className="muted small">
              {t('charging:switcher.connector', { number: item.connector.number })} · {t(`charging:status.${item.status}`)}
            </span>
          </span>
        </Link>
      ))}
    </nav>
  );
}
