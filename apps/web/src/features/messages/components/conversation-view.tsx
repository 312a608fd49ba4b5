import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@evcharge/api/messages/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { groupByDay, localDayKey } from '../model/conversation';
import type { PendingMessage } from '../model/use-conversation';
import { MessageBubble, PendingBubble } from './message-bubble';

type ConversationViewProps = {
  messages: Message[];
  pending: PendingMessage[];
  readUpTo: number;
  hasMore: boolean;
  isLoadingOlder: boolean;
  olderError: unknown;
  onLoadOlder: () => void;
};

/**
 * The page's very end: the composer, sticky at the window's bottom, then sits in its own place
 * below the newest message instead of over it.
 */
function scrollToEnd() {
  const page = document.scrollingElement ?? document.documentElement;
  page.scrollTop = page.scrollHeight;
}

/**
 * The conversation, the newest at the bottom (SPEC §7 Messages): day separators, the driver's
 * messages on the right with their ✓ / ✓✓ marks, support's on the left with the agent's name,
 * the service's notices in the middle. It opens at the bottom and follows new messages; older
 * ones come by the "earlier messages" button or by scrolling up to it, keeping the place read.
 */
export function ConversationView({ messages, pending, readUpTo, hasMore, isLoadingOlder, olderError, onLoadOlder }: ConversationViewProps) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  const earlierRef = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.seq ?? 0;
  const oldest = messages[0]?.seq ?? 0;

  // Open at the bottom; follow a new message, and the driver's own on its way.
  useEffect(() => {
    scrollToEnd();
  }, [newest, pending.length]);

  // Older messages above: the page keeps the messages the driver was reading in place.
  const heightBefore = useRef<number | null>(null);
  const onLoadOlderKeepingPlace = () => {
    heightBefore.current = (document.scrollingElement ?? document.documentElement).scrollHeight;
    onLoadOlder();
  };
  useLayoutEffect(() => {
    if (heightBefore.current === null) return;
    const page = document.scrollingElement ?? document.documentElement;
    const grown = page.scrollHeight - heightBefore.current;
    heightBefore.current = null;
    if (grown > 0) page.scrollTop += grown;
  }, [oldest]);

  // Scrolling up to the button loads the page before, as tapping it does.
  const loadRef = useRef(onLoadOlderKeepingPlace);
  useEffect(() => {
    loadRef.current = onLoadOlderKeepingPlace;
  });
  useEffect(() => {
    const target = earlierRef.current;
    if (!target || !hasMore || typeof IntersectionObserver !== 'function') return;
    let armed = false;
    const observer = new IntersectionObserver((entries) => {
      // Only after the driver scrolled: at first the bottom is shown, not this.
      if (entries.some((entry) => entry.isIntersecting) && armed) loadRef.current();
    });
    const arm = () => {
      armed = true;
    };
    window.addEventListener('scroll', arm, { once: true, passive: true });
    observer.observe(target);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', arm);
    };
  }, [hasMore, oldest]);

  // Today and yesterday as the chat opened (a separator says "Today" rather than the date).
  const [{ today, yesterday }] = useState(() => {
    const now = new Date();
    const before = new Date(now);
    before.setDate(now.getDate() - 1);
    return { today: localDayKey(now), yesterday: localDayKey(before) };
  });
  const dayLabel = (day: string, sample: string) =>
    day === today ? t('messages:today') : day === yesterday ? t('messages:yesterday') : format.date(sample, { day: 'numeric', month: 'long', year: 'numeric' });

  return (
    <div className="chat-log" data-testid="chat-log">
      {hasMore && (
        <div className="chat-log__earlier" ref={earlierRef}>
          <Button variant="ghost" icon="history" isLoading={isLoadingOlder} onClick={onLoadOlderKeepingPlace} data-testid="chat-earlier">
            {isLoadingOlder ? t('messages:loadingEarlier') : t('messages:earlier')}
          </Button>
        </div>
      )}
      {olderError !== null && (
        <Alert tone="error" testId="chat-earlier-error"><p>{errorText(t, olderError)}</p></Alert>
      )}
      <ol className="chat-log__list" aria-label={t('messages:title')}>
        {groupByDay(messages).map((group) => (
          <Fragment key={group.day}>
            <li className="chat-day" data-testid="chat-day">
              <span>{dayLabel(group.day, group.items[0]?.createdAt ?? group.day)}</span>
            </li>
            {group.items.map((message) => (
              <MessageBubble key={message.id} message={message} isRead={message.readAt !== null || message.seq <= readUpTo} />
            ))}
          </Fragment>
        ))}
        {pending.map((message) => (
          <PendingBubble key={message.key} message={message} />
        ))}
      </ol>
    </div>
  );
}
