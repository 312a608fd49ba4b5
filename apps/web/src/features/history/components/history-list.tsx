import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { ReservationRow } from '@/components/reservation/reservation-row';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useHistoryQuery } from '../api/list-charges';
import { HistoryItem } from './history-item';

/** Sessions and reservations, newest first, a page at a time. */
export function HistoryList() {
  const { t } = useTranslation('charging');
  const query = useHistoryQuery();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return (
    <div className="history" data-testid="history-page">
      <header className="history__header">
        <div>
          <h1>{t('charging:history.title')}</h1>
          {query.data && <p className="muted" data-testid="history-total">{t('charging:history.totalWithReserves', { count: total })}</p>}
        </div>
        <ButtonLink to={paths.dashboard} variant="secondary" icon="chart" data-testid="history-to-dashboard">{t('charging:history.toDashboard')}</ButtonLink>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="history-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && items.length === 0 && (
        <section className="charging-empty" data-testid="history-empty">
          <span className="charging-empty__icon" aria-hidden="true"><Icon name="history" size={36} /></span>
          <h2>{t('charging:history.emptyTitle')}</h2>
          <p className="muted">{t('charging:history.emptyText')}</p>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('charging:empty.toMap')}</ButtonLink>
        </section>
      )}
      {items.length > 0 && (
        <ul className="history__list" data-testid="history-list">
          {items.map((item) =>
            item.type === 'charge'
              ? <HistoryItem key={`charge-${item.charge.transactionId}`} charge={item.charge} />
              : <ReservationRow key={`reserve-${item.reserve.id}`} reservation={item.reserve} receiptId={item.receiptId} />,
          )}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="history__more"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="history-more"
        >
          {t('charging:history.more', { shown: items.length, total })}
        </Button>
      )}
      {query.isFetchNextPageError && <Alert tone="error"><p>{errorText(t, query.error)}</p></Alert>}
    </div>
  );
}
