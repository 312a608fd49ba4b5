import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { extraIconPaths, PathIcon } from '@/components/ui/path-icon';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-error';
import { useEventsQuery } from '../api/list-events';
import { EventItem } from './event-item';

/** Newest first, a page at a time; unread ones stand out. */
export function EventsList() {
  const { t } = useTranslation('settings');
  const query = useEventsQuery();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const first = query.data?.pages[0];
  return (
    <div className="events" data-testid="events-page">
      <header className="events__header">
        <h1>{t('settings:events.title')}</h1>
        {first && first.total > 0 && (
          <p className="muted" data-testid="events-unread">
            {t('settings:events.unread', { count: first.unreadCount })}
          </p>
        )}
      </header>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && !query.data && (
        <div className="stack">
          <Alert tone="error" testId="events-error">
            <p>{errorText(t, query.error)}</p>
          </Alert>
          <Button variant="secondary" icon="refresh" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
      {query.data && items.length === 0 && (
        <section className="events__empty" data-testid="events-empty">
          <span className="events__empty-icon" aria-hidden="true">
            <PathIcon d={extraIconPaths.bell} size={36} />
          </span>
          <h2>{t('settings:events.emptyTitle')}</h2>
          <p className="muted">{t('settings:events.emptyText')}</p>
          <ButtonLink to={paths.appSettings} variant="secondary" icon="settings">
            {t('settings:events.toSettings')}
          </ButtonLink>
        </section>
      )}
      {items.length > 0 && (
        <ul className="events__list" data-testid="events-list">
          {items.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="events__more"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="events-more"
        >
          {t('settings:events.more', { shown: items.length, total: first?.total ?? 0 })}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <Alert tone="error">
          <p>{errorText(t, query.error)}</p>
        </Alert>
      )}
    </div>
  );
}
