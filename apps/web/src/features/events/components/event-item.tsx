import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { UserEvent } from '@evcharge/api/events/events';
import { paths, withSearch } from '@/app/paths';
import { Icon } from '@/components/ui/icon';
import { useFormat } from '@/lib/format';
import { markEventRead } from '../api/read-event';
import { eventIcon } from './event-icon';
import { eventText } from './event-text';

/** One notification in the list; opening it shows it whole (or the chat) and marks it read. */
export function EventItem({ event }: { event: UserEvent }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { title, text } = eventText(t, event, format.language);
  const isUnread = event.readAt === null;
  const client = useQueryClient();
  // Support's answer is read in the chat itself (SPEC §2 chat): the item opens it.
  const opensChat = event.type === 'supportAnswered';
  return (
    <li>
      <Link
        to={opensChat ? paths.chat : withSearch(paths.events, { id: event.id })}
        onClick={opensChat && isUnread ? () => void markEventRead(client, event.id).catch(() => undefined) : undefined}
        className={isUnread ? 'event-item event-item--unread' : 'event-item'}
        data-testid="event-item"
        data-unread={isUnread || undefined}
      >
        <span className="event-item__icon" aria-hidden="true">
          <Icon name={eventIcon[event.type]} size={22} />
        </span>
        <span className="event-item__body">
          <span className="event-item__title">
            {title}
            {isUnread && <span className="event-item__new">{t('settings:events.new')}</span>}
          </span>
          <span className="event-item__text">{text}</span>
          <time className="event-item__time" dateTime={event.createdAt}>
            {format.date(event.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </span>
        <Icon name="chevronRight" className="event-item__chevron" />
      </Link>
    </li>
  );
}
