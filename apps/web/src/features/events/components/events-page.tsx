import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/brand';
import { EventDetails } from './event-details';
import { EventsList } from './events-list';
import './events.css';

/** events: the driver's notifications, and one of them at `?id=` (where a push leads). */
export function EventsPage() {
  const { t } = useTranslation('settings');
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(t('settings:events.title'));
  return id ? <EventDetails id={id} /> : <EventsList />;
}
