import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { StationStateBadge } from '@/components/station/station-state-badge';
import { Card } from '@/components/ui/card';
import { formatUtcOffset } from '@/lib/format';
import { clientUtcOffsetMinutes } from '@/lib/station-query';
import { dayHours, isAlwaysOpen, stationToday, weekDayName, weekDays, type Period } from '../model/schedule';

/** "09:00", and "24:00" for a period's end at midnight. */
function clockTime(hhmm: string, isEnd: boolean): string {
  const [h = '0', m = '0'] = hhmm.split(':');
  const time = `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
  return isEnd && time === '00:00' ? '24:00' : time;
}

/**
 * A period on a 24-hour clock in every language: "00:00–12:00" cannot be read as the wrong
 * half of the day, as "12:00 AM–12:00 PM" can.
 */
function periodText(period: Period): string {
  return `${clockTime(period.from, false)}–${clockTime(period.to, true)}`;
}

/** Opening hours per week day in the station's local time, today marked, open now or not. */
export function WorkHours({ station }: { station: StationDetail }) {
  const { t, i18n } = useTranslation('station');
  const language = i18n.language;
  const today = stationToday(new Date(), station.utcOffsetMinutes);
  const isOtherZone = station.utcOffsetMinutes !== clientUtcOffsetMinutes();
  return (
    <Card title={t('station:hours.title')} testId="station-hours">
      <p className="row">
        <StationStateBadge station={station} testId="station-hours-state" />
        {isAlwaysOpen(station.schedule) && <span className="muted">{t('station:hours.always')}</span>}
      </p>
      <table className="hours">
        <caption className="visually-hidden">{t('station:hours.title')}</caption>
        <tbody>
          {weekDays.map((day) => {
            const hours = dayHours(station.schedule, day);
            const isToday = day === today;
            const text = hours.kind === 'closed'
              ? t('station:hours.closed')
              : hours.kind === 'allDay'
                ? t('station:hours.allDay')
                : hours.periods.map((p) => periodText(p)).join(', ');
            return (
              <tr key={day} className={isToday ? 'hours__today' : undefined} data-testid={`hours-${day}`} data-today={isToday || undefined}>
                <th scope="row">
                  {weekDayName(day, language)}
                  {isToday && <span className="hours__badge">{t('station:hours.today')}</span>}
                </th>
                <td>{text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {isOtherZone && (
        <p className="muted small" data-testid="station-hours-zone">
          {t('station:hours.stationTime', { offset: formatUtcOffset(station.utcOffsetMinutes) })}
        </p>
      )}
    </Card>
  );
}
