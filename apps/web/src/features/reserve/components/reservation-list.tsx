import { useTranslation } from 'react-i18next';
import { isReservationOpen } from '@evcharge/domain/reservation';
import { paths } from '@/app/paths';
import { ReservationRow } from '@/components/reservation/reservation-row';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useReservesQuery } from '../api/list-reserves';

/** The driver's reservations: the current ones first, then the past, a page at a time. */
export function ReservationList() {
  const { t } = useTranslation('reserve');
  const query = useReservesQuery();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const current = items.filter((r) => isReservationOpen(r.status));
  const past = items.filter((r) => !isReservationOpen(r.status));
  return (
    <div className="reserve reserve--narrow" data-testid="reservation-list-page">
      <header className="reserve__header">
        <h1>{t('reserve:list.title')}</h1>
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="reservation-list-error"><p>{errorText(t, query.error)}</p></Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>{t('common:retry')}</Button>
        </div>
      )}
      {query.data && items.length === 0 && (
        <section className="reserve-empty" data-testid="reservation-list-empty">
          <span className="reserve-empty__icon" aria-hidden="true"><Icon name="calendar" size={36} /></span>
          <h2>{t('reserve:list.emptyTitle')}</h2>
          <p className="muted">{t('reserve:list.emptyText')}</p>
          <ButtonLink to={paths.home} variant="primary" icon="map">{t('reserve:list.toMap')}</ButtonLink>
        </section>
      )}
      {current.length > 0 && (
        <section className="reserve-group" aria-labelledby="reserve-current">
          <h2 id="reserve-current" className="reserve-group__title">{t('reserve:list.current')}</h2>
          <ul className="reserve-list" data-testid="reservation-list-current">
            {current.map((r) => <ReservationRow key={r.id} reservation={r} />)}
          </ul>
        </section>
      )}
      {past.length > 0 && (
        <section className="reserve-group" aria-labelledby="reserve-past">
          <h2 id="reserve-past" className="reserve-group__title">{t('reserve:list.past')}</h2>
          <ul className="reserve-list" data-testid="reservation-list-past">
            {past.map((r) => <ReservationRow key={r.id} reservation={r} />)}
          </ul>
        </section>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" className="reserve__more" isLoading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="reservation-list-more">
          {t('reserve:list.more', { shown: items.length, total })}
        </Button>
      )}
    </div>
  );
}
