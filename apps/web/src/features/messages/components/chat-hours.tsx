import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_ANSWER_MINUTES,
  SUPPORT_CLOSES_HOUR,
  SUPPORT_OPENS_HOUR,
  SUPPORT_UTC_OFFSET_HOURS,
  supportHours,
} from '@evcharge/domain/support';
import { formatDate, formatUtcOffset, formatWallTime } from '@/lib/format';
import { daysBetween } from '../model/conversation';

type Hours = { fromHour: number; toHour: number; utcOffsetHours: number; answerMinutes: number };

const hoursOfDomain: Hours = {
  fromHour: SUPPORT_OPENS_HOUR,
  toHour: SUPPORT_CLOSES_HOUR,
  utcOffsetHours: SUPPORT_UTC_OFFSET_HOURS,
  answerMinutes: SUPPORT_ANSWER_MINUTES,
};

/** The clock, moved on every minute: the card says "open" or "closed" as the hour turns. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * SPEC §1: support works 9:00-21:00 (UTC+2) and answers within 30 minutes, in the SPEC's brand;
 * another brand has its own. The hours as the server says them for the driver's brand (GET
 * /messages `support`), and whether it is open now on the same rule.
 */
export function ChatHours({ hours }: { hours?: Hours }) {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.language;
  const now = useMinute();
  const shown = hours ?? hoursOfDomain;
  // Open or closed by the hours shown: those of the driver's brand (SPEC §1).
  const state = supportHours(now, { fromHour: shown.fromHour, toHour: shown.toHour, utcOffsetMinutes: shown.utcOffsetHours * 60 });
  const days = daysBetween(now, state.opensAt);
  const opensAt = formatDate(
    state.opensAt,
    language,
    days <= 1 ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' },
  );
  return (
    <section className="chat-hours" data-testid="chat-hours" data-open={state.open}>
      <p className="chat-hours__text">
        {t('messages:hours.text', {
          from: formatWallTime(hhmm(shown.fromHour), language),
          to: formatWallTime(hhmm(shown.toHour), language),
          offset: formatUtcOffset(shown.utcOffsetHours * 60),
          minutes: shown.answerMinutes,
        })}
      </p>
      <p className={state.open ? 'chat-hours__state chat-hours__state--open' : 'chat-hours__state'} data-testid="chat-hours-state">
        <span className="chat-hours__dot" aria-hidden="true" />
        {state.open
          ? t('messages:hours.open')
          : t(days === 1 ? 'messages:hours.closedTomorrow' : 'messages:hours.closed', { time: opensAt })}
      </p>
    </section>
  );
}
