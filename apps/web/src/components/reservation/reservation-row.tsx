import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import { receiptPagePath, reservationPath } from '@/app/charge-paths';
import { stationPeriodText } from '@/components/station/station-time';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { withStationZone } from '@/lib/station-clock';
import { ReservationStatusBadge } from './reservation-status';
import './reservation-row.css';

/**
 * A reservation in a list (the reservations, the history): where and when at the station's
 * time, its status and cost; opens the reservation. Texts of the `reserve` namespace.
 */
export function ReservationRow({
  reservation: r,
  receiptId = r.receiptId,
}: {
  reservation: Reservation;
  receiptId?: string | null;
}) {
  const { t, i18n } = useTranslation('reserve');
  const format = useFormat();
  return (
    <li
      className="reservation-row"
      data-testid="reservation-item"
      data-reservation-id={r.id}
      data-status={r.status}
    >
      <Link to={reservationPath(r.id)} className="reservation-row__link">
        <span className="reservation-row__top">
          <span className="reservation-row__station">{r.stationName}</span>
          <span className="reservation-row__cost" data-testid="reservation-item-cost">
            {format.money(r.costMinor, r.currency)}
          </span>
        </span>
        <span className="reservation-row__meta">
          <span className="reservation-row__kind">
            <Icon name="calendar" size={16} />
            {t('reserve:row.kind', { number: r.connectorNumber })}
          </span>
          <ReservationStatusBadge status={r.status} />
        </span>
        <span className="reservation-row__period" data-testid="reservation-item-period">
          {withStationZone(
            stationPeriodText(r.startsAt, r.endsAt, r.utcOffsetMinutes, i18n.language),
            r.startsAt,
            r.utcOffsetMinutes,
          )}
        </span>
        <Icon name="chevronRight" className="reservation-row__chevron" />
      </Link>
      {receiptId && (
        <Link
          to={receiptPagePath(receiptId)}
          className="reservation-row__receipt"
          data-testid="reservation-item-receipt"
        >
          <Icon name="document" size={16} />
          {t('reserve:view.receipt')}
        </Link>
      )}
    </li>
  );
}
