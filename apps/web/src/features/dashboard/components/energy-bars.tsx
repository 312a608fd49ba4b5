import { useTranslation } from 'react-i18next';
import { energyText } from '@/components/charge/charge-text';
import { formatDate } from '@/lib/format';

type Day = { date: string; day: number; energyWh: number };

/**
 * Energy per day of the month as bars. The bars are drawn for the eye; a table with the same
 * figures is there for screen readers.
 */
export function EnergyBars({ days }: { days: readonly Day[] }) {
  const { t, i18n } = useTranslation('charging');
  const language = i18n.language;
  const peak = Math.max(0, ...days.map((d) => d.energyWh));
  const label = (day: Day) => `${formatDate(`${day.date}T12:00:00`, language, { day: 'numeric', month: 'short' })}: ${energyText(t, day.energyWh, language)}`;
  const charged = days.filter((d) => d.energyWh > 0);
  return (
    <div className="energy-bars" data-testid="energy-bars">
      <div className="energy-bars__plot" aria-hidden="true">
        <span className="energy-bars__peak">{peak > 0 ? energyText(t, peak, language) : ''}</span>
        {days.map((day) => (
          <span key={day.date} className="energy-bars__day" title={label(day)} data-energy={day.energyWh}>
            <span className="energy-bars__bar" style={{ height: peak > 0 ? `${(day.energyWh / peak) * 100}%` : '0%' }} />
          </span>
        ))}
      </div>
      <div className="energy-bars__axis" aria-hidden="true">
        {days.map((day) => (
          <span key={day.date}>{day.day === 1 || day.day % 5 === 0 ? day.day : ''}</span>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>{t('charging:dashboard.perDay')}</caption>
        <tbody>
          {(charged.length > 0 ? charged : []).map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDate(`${day.date}T12:00:00`, language, { day: 'numeric', month: 'long' })}</th>
              <td>{energyText(t, day.energyWh, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
