import { clockTime, getConnection, subscribeConnection } from '@/lib/connection';
import { i18n } from '@/lib/i18n';
import './offline-indicator.css';

/**
 * The app-wide note while the server cannot be reached (SPEC §2): what is shown may be the
 * last seen, and starting, stopping, reserving and paying wait for a connection. A polite
 * status: a screen reader says it once it has finished what it is reading. Plain DOM beside
 * the app's root, so it loads with the service worker's registration and nothing else.
 */
export function mountOfflineIndicator(doc: Document = document): () => void {
  const live = doc.createElement('div');
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  live.className = 'offline-indicator-live';
  doc.body.append(live);
  const render = () => {
    const { isOnline, keptAt } = getConnection();
    if (isOnline) return live.replaceChildren();
    const note = doc.createElement('p');
    note.className = 'offline-indicator';
    note.dataset.testid = 'offline-indicator';
    const title = doc.createElement('strong');
    title.textContent = i18n.t('errors:offline.title');
    const text = keptAt ? i18n.t('errors:offline.keptAt', { time: clockTime(keptAt, i18n.language) }) : i18n.t('errors:offline.hint');
    note.append(title, ` ${text}`);
    live.replaceChildren(note);
  };
  render();
  const stop = subscribeConnection(render);
  // The texts arrive after the first screen (the errors namespace), and follow the language.
  i18n.on('languageChanged', render);
  i18n.on('loaded', render);
  return () => {
    stop();
    i18n.off('languageChanged', render);
    i18n.off('loaded', render);
    live.remove();
  };
}
