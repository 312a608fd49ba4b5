import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { historyPath } from '@/app/charge-paths';
import { durationText, energyText } from '@/components/charge/charge-text';
import { SessionStatusBadge } from '@/components/charge/session-status';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';

/** One session in the list: where and when, and what it gave and cost; opens its details. */
export function HistoryItem({ charge }: { charge: Charge }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const when = charge.startedAt ?? charge.createdAt;
  return (
    <li>
      <Link
        to={historyPath(charge.transactionId)}
        className="history-item"
        data-testid="history-item"
        data-transaction-id={charge.transactionId}
      >
        <div className="history-item__top">
          <span className="history-item__station">{charge.station.name}</span>
          <span className="history-item__cost" data-testid="history-item-cost">
            {format.money(charge.costMinor, charge.currency)}
          </span>
        </div>
        <div className="history-item__meta">
          <time dateTime={when}>
            {formatStationTime(when, charge.station.utcOffsetMinutes, i18n.language, 'medium')}
          </time>
          <SessionStatusBadge status={charge.status} />
        </div>
        <div className="history-item__facts">
          <span>
            <Icon name="bolt" size={16} />
            {energyText(t, charge.energyWh, i18n.language)}
          </span>
          <span>
            <Icon name="clock" size={16} />
            {durationText(t, charge.durationSeconds)}
          </span>
        </div>
        <Icon name="chevronRight" className="history-item__chevron" />
      </Link>
    </li>
  );
}
