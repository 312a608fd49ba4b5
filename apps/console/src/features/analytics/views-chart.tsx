import { useTranslation } from 'react-i18next';
import type { Summary } from './analytics-section';

type Day = Summary['days'][number];

/**
 * "12.11" for a YYYY-MM-DD day (UTC): day and month as numbers read alike in all eight
 * languages (some browsers' Intl has no month names in Kazakh, Kyrgyz or Tajik).
 */
export function dayText(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}`;
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
  const from = dayText(first.day);
  const to = dayText(last.day);
  return (
    <figure className="views-chart">
      <div className="views-scale muted" aria-hidden="true">
        <span>{max.toLocaleString(language)}</span>
        <span>0</span>
      </div>
      <div
        className="views-bars"
        role="img"
        aria-label={t('analytics.chartLabel', { from, to, max: max.toLocaleString(language) })}
        data-testid="analytics-chart"
      >
        {days.map((day) => (
          <span
            key={day.day}
            className="views-bar"
            style={{ height: `${(day.pageViews / max) * 100}%` }}
            title={t('analytics.dayViews', {
              day: dayText(day.day),
              n: day.pageViews.toLocaleString(language),
            })}
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
      {/* A table ignores a width smaller than its content: hidden inside a box that does not. */}
      <div className="visually-hidden">
        <table>
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
                <th scope="row">{dayText(day.day)}</th>
                <td>{day.pageViews}</td>
                <td>{day.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
