import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { PARKING_NOTICE_MINUTES } from '@evcharge/domain/constants';
import { TariffItems } from '@/components/station/tariff-items';
import { useMoney } from '@/components/station/use-money';
import { Card } from '@/components/ui/card';
import { formatDate, formatWallTime } from '@/lib/format';
import { parseChangeTime, zoneColumns, zoneRows } from '../model/tariff-rows';

/** Prices now, by time of day (zones, station time) and from the next change on. */
export function TariffCard({ station }: { station: StationDetail & { tariff: NonNullable<StationDetail['tariff']> } }) {
  const { t, i18n } = useTranslation('station');
  const { tariff, nextTariff, tariffChangesAt } = station;
  const money = useMoney(tariff.currency);
  const zones = zoneRows(tariff);
  const columns = zoneColumns(tariff);
  const change = tariffChangesAt ? parseChangeTime(tariffChangesAt) : null;
  const changeText = change?.kind === 'wall'
    ? formatWallTime(change.time, i18n.language)
    : change?.kind === 'instant'
      ? formatDate(change.at, i18n.language, { weekday: 'short', hour: 'numeric', minute: '2-digit' })
      : null;
  const hasParking = tariff.parkingPerMinuteMinor > 0 || tariff.zones.some((z) => z.parkingPerMinuteMinor > 0);

  return (
    <Card title={t('station:tariff.title')} testId="station-tariff">
      <TariffItems tariff={tariff} freeIdleMinutes={station.freeIdleMinutes} testId="tariff-now" />
      {zones.length > 0 && (
        // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
        <div className="zones-wrap" role="region" aria-labelledby="tariff-zones-caption" tabIndex={0}>
          <table className="zones" data-testid="tariff-zones">
            <caption id="tariff-zones-caption">{t('station:tariff.zones')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('station:tariff.zoneTime')}</th>
                <th scope="col">{t('station:tariff.perKwh')}</th>
                {columns.perMinute && <th scope="col">{t('station:tariff.perMinute')}</th>}
                {columns.parking && <th scope="col">{t('station:tariff.parkingPerMinute')}</th>}
              </tr>
            </thead>
            <tbody>
              {zones.map((zone) => (
                <tr key={`${zone.from}-${zone.to}`}>
                  <th scope="row">{`${formatWallTime(zone.from, i18n.language)}–${formatWallTime(zone.to, i18n.language)}`}</th>
                  <td>{money(zone.perKwhMinor)}</td>
                  {columns.perMinute && <td>{money(zone.perMinuteMinor)}</td>}
                  {columns.parking && <td>{money(zone.parkingPerMinuteMinor)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasParking && (
        <p className="tariff__note" data-testid="tariff-parking-note">{t('station:tariff.parkingNote', { minutes: PARKING_NOTICE_MINUTES })}</p>
      )}
      {changeText && (
        <section className="tariff__next" aria-labelledby="tariff-next-title" data-testid="tariff-next">
          <h3 id="tariff-next-title">{t('station:tariff.changesAt', { time: changeText })}</h3>
          {nextTariff ? <TariffItems tariff={nextTariff} freeIdleMinutes={station.freeIdleMinutes} testId="tariff-next-items" /> : <p className="muted small">{t('station:tariff.nextUnknown')}</p>}
        </section>
      )}
    </Card>
  );
}
