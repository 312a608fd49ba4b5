import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, withSearch } from '@/app/paths';
import { durationText, energyText } from '@/components/charge/charge-text';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/brand';
import { formatDate, formatNumber, useFormat } from '@/lib/format';
import { useChargeSummaryQuery } from '../api/charge-summary';
import { addMonths, monthDays, monthKey, monthOf, parseMonth } from '../model/month';
import { EnergyBars } from './energy-bars';
import '@/components/charge/charge.css';
import './dashboard.css';

/** dashboard (SPEC §2): this month's charging at a glance, and earlier months. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const [params] = useSearchParams();
  const thisMonth = monthOf(new Date());
  const month = parseMonth(params.get('month')) ?? thisMonth;
  const isThisMonth = monthKey(month) === monthKey(thisMonth);
  const query = useChargeSummaryQuery(month);
  const title = formatDate(new Date(month.year, month.month - 1, 1), i18n.language, { month: 'long', year: 'numeric' });
  useDocumentTitle(t('charging:dashboard.title'));

  const link = (delta: number) => {
    const next = addMonths(month, delta);
    return monthKey(next) === monthKey(thisMonth) ? paths.dashboard : withSearch(paths.dashboard, { month: monthKey(next) });
  };
  const summary = query.data;

  return (
    <div className="dashboard" data-testid="dashboard-page" data-month={monthKey(month)}>
      <header className="dashboard__header">
        <h1>{t('charging:dashboard.title')}</h1>
        <nav className="dashboard__months" aria-label={t('charging:dashboard.months')}>
          <ButtonLink to={link(-1)} variant="ghost" icon="arrowLeft" aria-label={t('charging:dashboard.previous')} data-testid="dashboard-previous">
            <span className="visually-hidden">{t('charging:dashboard.previous')}</span>
          </ButtonLink>
          <p className="dashboard__month" aria-live="polite" data-testid="dashboard-month">{isThisMonth ? t('charging:dashboard.thisMonth', { month: title }) : title}</p>
          {!isThisMonth && (
            <ButtonLink to={link(1)} variant="ghost" icon="chevronRight" aria-label={t('charging:dashboard.next')} data-testid="dashboard-next">
              <span className="visually-hidden">{t('charging:dashboard.next')}</span>
            </ButtonLink>
          )}
        </nav>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !summary && (
        <div className="stack">
          <Alert tone="error" testId="dashboard-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {summary && (
        <>
          <dl className="dashboard__tiles" aria-busy={query.isPlaceholderData || undefined}>
            <div className="tile tile--energy" data-testid="dashboard-energy">
              <dt><Icon name="bolt" size={18} />{t('charging:dashboard.energy')}</dt>
              <dd>{energyText(t, summary.energyWh, i18n.language)}</dd>
            </div>
            <div className="tile" data-testid="dashboard-cost">
              <dt><Icon name="wallet" size={18} />{t('charging:dashboard.cost')}</dt>
              <dd>
                {summary.costs.length === 0
                  ? '—'
                  : summary.costs.map((cost) => <span key={cost.currency} className="tile__line">{format.money(cost.amountMinor, cost.currency)}</span>)}
              </dd>
            </div>
            <div className="tile" data-testid="dashboard-sessions">
              <dt><Icon name="plug" size={18} />{t('charging:dashboard.sessions')}</dt>
              <dd>{formatNumber(summary.sessions, i18n.language)}</dd>
            </div>
            <div className="tile" data-testid="dashboard-time">
              <dt><Icon name="clock" size={18} />{t('charging:dashboard.time')}</dt>
              <dd>{summary.durationSeconds > 0 ? durationText(t, summary.durationSeconds) : '—'}</dd>
            </div>
          </dl>
          <Card title={t('charging:dashboard.perDay')} className="dashboard__chart" testId="dashboard-chart">
            <EnergyBars days={monthDays(month, summary.days)} />
          </Card>
          {summary.sessions === 0 && (
            <p className="muted center" data-testid="dashboard-none">{t('charging:dashboard.none')}</p>
          )}
          <ButtonLink to={paths.history} variant="secondary" icon="history" className="dashboard__history">{t('charging:dashboard.toHistory')}</ButtonLink>
        </>
      )}
    </div>
  );
}
