import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAnalyticsSummary } from '@evcharge/api/admin/analytics';
import type { ContractResponse } from '@evcharge/api/contract';
import {
  ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
  ANALYTICS_REPEAT_SECONDS,
  ANALYTICS_TAB_EVENTS_PER_MINUTE,
} from '@evcharge/domain/analytics';
import { apiRequest } from '../../lib/api';
import { errorText } from '../../lib/format';
import { toBcp47 } from '../../lib/i18n';
import { FunnelChart } from './funnel-chart';
import { ViewsChart } from './views-chart';

export type Summary = ContractResponse<typeof getAnalyticsSummary>;

/** The periods to choose from, in days up to today (UTC, as the server counts). */
export const periods = [7, 30, 90] as const;
type Period = (typeof periods)[number];

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days up to `now`'s day, both ends included. */
export function periodOf(days: number, now: number): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/**
 * Analytics (SPEC §1 the web-analytics counter): page views per day and the charging funnel
 * over a chosen period, for all brands or one, and what the server counts of one browser tab.
 * Analysts and administrators only (the server answers anyone else 404).
 */
export function AnalyticsSection({ now = Date.now }: { now?: () => number }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<Period>(30);
  const [brand, setBrand] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const query = { ...periodOf(days, now()), brand: brand || undefined };
    apiRequest(getAnalyticsSummary, { query, signal: controller.signal }).then(
      (answer) => {
        setSummary(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [days, brand, attempt, now]);

  const language = toBcp47(i18n.language);
  const number = (value: number) => value.toLocaleString(language);
  const totalViews = summary?.days.reduce((sum, day) => sum + day.pageViews, 0) ?? 0;
  const mapVisits = summary?.funnel[0]?.visits ?? 0;
  const ended = summary?.funnel.at(-1)?.visits ?? 0;

  return (
    <div className="analytics" data-testid="console-analytics">
      <header className="section-head">
        <div>
          <h1>{t('analytics.title')}</h1>
          <p className="muted">{t('analytics.subtitle')}</p>
          <p className="muted" data-testid="analytics-counted">
            {t('analytics.counted', {
              perTab: ANALYTICS_TAB_EVENTS_PER_MINUTE,
              perAddress: ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
              seconds: ANALYTICS_REPEAT_SECONDS,
            })}
          </p>
        </div>
        <div className="analytics-filters">
          <div className="segmented" role="group" aria-label={t('analytics.period')}>
            {periods.map((option) => (
              <button
                key={option}
                type="button"
                className={option === days ? 'segment active' : 'segment'}
                aria-pressed={option === days}
                onClick={() => setDays(option)}
                data-testid={`analytics-period-${option}`}
              >
                {t(`analytics.days${option}`)}
              </button>
            ))}
          </div>
          <label className="field analytics-brand">
            <span className="visually-hidden">{t('analytics.brand')}</span>
            <select value={brand} onChange={(event) => setBrand(event.target.value)} data-testid="analytics-brand">
              <option value="">{t('analytics.allBrands')}</option>
              {summary?.brands.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>

      {error !== null && (
        <div className="alert row" role="alert">
          <span>{errorText(t, error)}</span>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {!summary && error === null && (
        <div className="page-center" aria-busy="true">
          <span className="spinner" aria-label={t('common.loading')} />
        </div>
      )}

      {summary && (
        <>
          <div className="tiles">
            <div className="card tile" data-testid="analytics-total-views">
              <span className="muted">{t('analytics.pageViews')}</span>
              <strong className="tile-value">{number(totalViews)}</strong>
            </div>
            <div className="card tile" data-testid="analytics-map-visits">
              <span className="muted">{t('analytics.mapVisits')}</span>
              <strong className="tile-value">{number(mapVisits)}</strong>
            </div>
            <div className="card tile" data-testid="analytics-ended">
              <span className="muted">{t('analytics.endedVisits')}</span>
              <strong className="tile-value">{number(ended)}</strong>
            </div>
          </div>
          <section className="card stack" aria-labelledby="views-title">
            <h2 id="views-title">{t('analytics.perDay')}</h2>
            {totalViews === 0 ? <p className="muted">{t('analytics.noData')}</p> : <ViewsChart days={summary.days} language={language} />}
          </section>
          <div className="analytics-columns">
            <section className="card stack" aria-labelledby="funnel-title">
              <div>
                <h2 id="funnel-title">{t('analytics.funnel')}</h2>
                <p className="muted">{t('analytics.funnelHint')}</p>
              </div>
              <FunnelChart funnel={summary.funnel} language={language} />
            </section>
            <section className="card stack" aria-labelledby="paths-title">
              <h2 id="paths-title">{t('analytics.topPaths')}</h2>
              {summary.topPaths.length === 0 ? (
                <p className="muted">{t('analytics.noData')}</p>
              ) : (
                <ol className="top-paths" data-testid="analytics-top-paths">
                  {summary.topPaths.map((row) => (
                    <li key={row.path}>
                      <code>{row.path}</code>
                      <span className="tabular">{number(row.pageViews)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
