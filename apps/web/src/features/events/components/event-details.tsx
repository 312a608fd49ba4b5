import { useTranslation } from 'react-i18next';
import type { UserEvent } from '@evcharge/api/events/events';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useEventQuery } from '../api/read-event';
import { eventIcon } from './event-icon';
import { eventLink, eventText } from './event-text';

function linkKey(type: UserEvent['type']): string {
  if (type === 'favouriteFree') return 'settings:events.openStation';
  if (type === 'supportAnswered') return 'settings:events.openChat';
  return type.startsWith('reservation') ? 'settings:events.openReservation' : 'settings:events.openSession';
}

/** One notification, opened from the list or from a push; opening it marks it read. */
export function EventDetails({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const query = useEventQuery(id);
  const event = query.data;
  const link = event && eventLink(event);
  const isMissing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className="events" data-testid="event-details">
      <ButtonLink to={paths.events} variant="ghost" icon="arrowLeft" className="events__back">
        {t('settings:events.back')}
      </ButtonLink>
      {query.isPending && <Spinner label={t('common:loading')} />}
      {query.isError && (
        <Alert tone={isMissing ? 'info' : 'error'} testId="event-error">
          <p>{isMissing ? t('settings:events.notFound') : errorText(t, query.error)}</p>
        </Alert>
      )}
      {event && (
        <article className="event-details">
          <span className="event-item__icon" aria-hidden="true">
            <Icon name={eventIcon[event.type]} size={28} />
          </span>
          <h1>{eventText(t, event, format.language).title}</h1>
          <p>{eventText(t, event, format.language).text}</p>
          <time className="muted" dateTime={event.createdAt}>
            {format.date(event.createdAt, { dateStyle: 'long', timeStyle: 'short' })}
          </time>
          {link && (
            <ButtonLink
              to={link}
              variant="primary"
              icon={event.type === 'favouriteFree' ? 'pin' : event.type === 'supportAnswered' ? 'support' : 'history'}
              data-testid="event-link"
            >
              {t(linkKey(event.type))}
            </ButtonLink>
          )}
        </article>
      )}
    </div>
  );
}
