import type { TFunction } from 'i18next';
import type { UserEvent } from '@evcharge/api/events/events';
import { historyPath, reservationPath } from '@/app/charge-paths';
import { paths, stationPath } from '@/app/paths';
import { stationTimeText } from '@/components/station/station-time';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';

// A notification as the driver reads it: the same texts the push showed, in the app's
// language, from the event's data (apps/server/src/modules/events/session-events.ts).

/** An amount of the event's currency, without its sign; empty when the event has none. */
function money(data: UserEvent['data'], amountMinor: number | undefined, language: string) {
  return data.currency ? formatMoney(Math.abs(amountMinor ?? 0), data.currency, language) : '';
}

/** A reservation's time at the station when the event says its offset, else on the phone's clock. */
function time(at: string | null | undefined, utcOffsetMinutes: number | undefined, language: string): string {
  if (!at) return '';
  return utcOffsetMinutes === undefined ? formatDate(at, language, { timeStyle: 'short' }) : stationTimeText(at, utcOffsetMinutes, language);
}

export function eventText(
  t: TFunction,
  event: UserEvent,
  language: string,
): { title: string; text: string } {
  const { data } = event;
  const freeMinutes = data.freeMinutes ?? 0;
  const key =
    event.type === 'parkingStarted' && freeMinutes <= 0
      ? 'parkingStartedNow'
      : event.type === 'limitReached' && data.reason === 'funds'
        ? 'fundsRunOut'
        : event.type === 'sessionAdjusted' && (data.differenceMinor ?? 0) < 0
          ? 'sessionAdjustedReturned'
          : event.type;
  const values = {
    station: data.stationName || t('settings:events.station'),
    energy: t('settings:events.kwh', {
      value: formatNumber((data.energyWh ?? 0) / 1000, language, { maximumFractionDigits: 2 }),
    }),
    cost: money(data, data.costMinor, language),
    fee: money(data, data.parkingPerMinuteMinor, language),
    // The wording says which way the money went (charged more, returned).
    difference: money(data, data.differenceMinor, language),
    minutes: freeMinutes,
    number: data.connectorNumber ?? '',
    start: time(data.startsAt, data.utcOffsetMinutes ?? undefined, language),
    end: time(data.endsAt, data.utcOffsetMinutes ?? undefined, language),
  };
  return { title: t(`settings:events.types.${key}.title`), text: t(`settings:events.types.${key}.text`, values) };
}

const reservationEvents: readonly UserEvent['type'][] = ['reservationBegan', 'reservationEnding', 'reservationExpired', 'reservationFailed'];

/** Where the notification leads: the reservation, the session in the history, the station, or the chat. */
export function eventLink(event: UserEvent): string | null {
  // SPEC §2 chat: support's answer is read in the chat.
  if (event.type === 'supportAnswered') return paths.chat;
  if (reservationEvents.includes(event.type))
    return typeof event.data.reservationId === 'string' ? reservationPath(event.data.reservationId) : null;
  if (event.type === 'favouriteFree')
    return typeof event.data.stationId === 'string' ? stationPath(event.data.stationId) : null;
  return typeof event.data.transactionId === 'number'
    ? historyPath(event.data.transactionId)
    : null;
}
