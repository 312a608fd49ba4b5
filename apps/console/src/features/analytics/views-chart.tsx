import { useTranslation } from 'react-i18next';
import type { Summary } from './analytics-section';

type Day = Summary['days'][number];

/** "12 Nov" in the reader's language, for a YYYY-MM-DD day (UTC). */
export function dayText(day: string, language: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * Page views per day as bars, the highest day full height. A picture for the eye, and the same
 * figures as a table for a screen reader.
 */
export function ViewsChart({ days, language }: { days: Day[]; language: string }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((day) => day.pageViews));
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const from = dayText(first.day, language);
  const to = dayText(last.day, language);
  return (
    <figure className="views-chart">
      <div className="views-scale muted" aria-hidden="true">
        <span>{max.toLocaleString(language)}</span>
        <span>0</span>
      </div>
      <div className="views-bars" role="img" aria-label={t('analytics.chartLabel', { from, to, max: max.toLocaleString(language) })} data-testid="analytics-chart">
        {days.map((day) => (
          <span
            key={day.day}
            className="views-bar"
            style={{ height: `${(day.pageViews / max) * 100}%` }}
            title={t('analytics.dayViews', { day: dayText(day.day, language), n: day.pageViews.toLocaleString(language) })}
            data-testid="analytics-bar"
            data-day={day.day}
            data-views={day.pageViews}
          />
        ))}
      </div>
      <figcaption className="views-axis muted" aria-hidden="true">
        <span>{from}</span>
        <span>{to}</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('analytics.perDay')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analytics.day')}</th>
            <th scope="col">{t('analytics.pageViews')}</th>
            <th scope="col">{t('analytics.visits')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayText(day.day, language)}</th>
              <td>{day.pageViews}</td>
              <td>{day.visits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
