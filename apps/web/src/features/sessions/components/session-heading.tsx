import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { SessionStatusBadge } from '@/components/charge/session-status';

/** Where the session runs and what state it is in, in words and colour. */
export function SessionHeading({ charge }: { charge: Charge }) {
  const { t } = useTranslation('charging');
  return (
    <header className="session-heading">
      <SessionStatusBadge status={charge.status} testId="session-status" />
      <h2 className="session-heading__station" data-testid="session-station">{charge.station.name}</h2>
      <p className="muted small">
        {t('charging:switcher.connector', { number: charge.connector.number })}
        {' · '}
        {socketTypeLabel(charge.connector.socketType)}
        {' · '}
        {charge.station.address}
      </p>
    </header>
  );
}
