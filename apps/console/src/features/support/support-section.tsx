import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../lib/router';
import { ContextPanel } from './context-panel';
import { ConversationView } from './conversation';
import { Inbox } from './inbox';
import { createLiveHub, runSupportLive } from './live';
import { ChatIcon } from '../../app/icons';

/**
 * Support (SPEC §6: support staff answer in chat): the inbox, the open conversation and the
 * driver behind it. One live feed serves all three.
 */
export function SupportSection({ selectedUserId }: { selectedUserId: string | null }) {
  const { t } = useTranslation();
  const hub = useMemo(() => createLiveHub(), []);
  const [liveState, setLiveState] = useState<'live' | 'retrying'>('live');
  // Bumped when this console changed the inbox itself (an answer, a read mark).
  const [inboxVersion, setInboxVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void runSupportLive({
      signal: controller.signal,
      onMessages: hub.publish,
      onCaughtUp: hub.resync,
      onState: setLiveState,
    });
    return () => controller.abort();
  }, [hub]);

  const changed = useCallback(() => setInboxVersion((n) => n + 1), []);

  return (
    <div className={selectedUserId ? 'support has-selection' : 'support'}>
      <section className="pane inbox-pane" aria-label={t('inbox.title')}>
        <Inbox hub={hub} selectedUserId={selectedUserId} version={inboxVersion} liveState={liveState} />
      </section>
      {selectedUserId ? (
        <>
          <section className="pane conversation-pane" aria-label={t('conversation.title')}>
            <button type="button" className="button ghost back" onClick={() => navigate('/support')}>
              ← {t('conversation.back')}
            </button>
            <ConversationView key={selectedUserId} userId={selectedUserId} hub={hub} onChanged={changed} />
          </section>
          <aside className="pane context-pane" aria-label={t('context.title')}>
            <ContextPanel key={selectedUserId} userId={selectedUserId} hub={hub} />
          </aside>
        </>
      ) : (
        <section className="pane empty-pane">
          <div className="empty">
            <span className="empty-icon"><ChatIcon size={40} /></span>
            <p>{t('inbox.pick')}</p>
          </div>
        </section>
      )}
    </div>
  );
}
