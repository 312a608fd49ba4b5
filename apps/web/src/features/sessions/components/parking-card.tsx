import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { PARKING_NOTICE_MINUTES } from '@evcharge/domain/constants';
import { clockText } from '@/components/charge/charge-text';
import { Alert } from '@/components/ui/alert';
import { useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';
import { parkingFeeFrom } from '../model/session-clock';

/**
 * SPEC §9 parking: after charging, the car may stay free for the station's idle minutes, then
 * each minute costs, up to the brand's ceiling (SPEC §3). While charging, a notice says so; once
 * parked, the time and fee run until the cable is unplugged and the station reports it free.
 */
export function ParkingCard({ charge, parkingSeconds }: { charge: Charge; parkingSeconds: number }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const hasFee = charge.parkingPerMinuteMinor > 0;
  const price = format.money(charge.parkingPerMinuteMinor, charge.currency);
  const rule = t('charging:parking.rule', { minutes: charge.freeIdleMinutes, price });
  const cap =
    hasFee && charge.parkingFeeCapMinor !== null
      ? ` ${t('charging:parking.cap', { amount: format.money(charge.parkingFeeCapMinor, charge.currency) })}`
      : '';

  if (charge.status !== 'parking') {
    if (!hasFee) return null;
    return (
      <p className="parking-notice" data-testid="parking-notice">
        {t('charging:parking.notice', { minutes: PARKING_NOTICE_MINUTES })} {rule}
        {cap}
      </p>
    );
  }
  const feeFrom = parkingFeeFrom(charge);
  return (
    <Alert tone="warning" title={t('charging:parking.title')} testId="parking-card">
      <p>{t('charging:parking.text')}</p>
      {hasFee && <p data-testid="parking-until-unplugged">{t('charging:parking.untilUnplugged')}</p>}
      <dl className="parking-card__facts">
        <div data-testid="parking-time">
          <dt>{t('charging:parking.time')}</dt>
          <dd><time>{clockText(parkingSeconds)}</time></dd>
        </div>
        {hasFee && (
          <div data-testid="parking-cost">
            <dt>{t('charging:parking.cost')}</dt>
            <dd>{format.money(charge.parkingCostMinor, charge.currency)}</dd>
          </div>
        )}
      </dl>
      {hasFee && (
        <p className="small">
          {feeFrom ? t('charging:parking.freeUntil', { time: formatStationTime(feeFrom, charge.station.utcOffsetMinutes, i18n.language, 'time'), price }) : rule}
          {' '}
          {t('charging:parking.notice', { minutes: PARKING_NOTICE_MINUTES })}
          {cap}
        </p>
      )}
    </Alert>
  );
}
