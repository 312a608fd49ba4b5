import type { Language } from '@evcharge/domain/constants';
import { localeOf } from '@evcharge/domain/constants';
import { isCurrency } from '@evcharge/domain/currency';
import { formatMoney } from '@evcharge/domain/money';
import type { UserEventType } from '@evcharge/domain/user-events';
import { fill, localeTexts, type LocaleTexts } from '../../locales/texts';

// The push notification's title and text in the driver's language (the app shows the same
// events from its own `events` namespace), from the `push` locale files. `{{name}}` is filled
// in from the event's data.

type Text = { title: string; body: string };
type Key = UserEventType | 'parkingStartedNow' | 'fundsRunOut' | 'sessionAdjustedReturned';

export type PushEventData = Record<string, string | number | boolean | null>;

function money(data: PushEventData, field: string, language: Language): string {
  const amountMinor = data[field];
  const currency = data.currency;
  if (typeof amountMinor !== 'number' || !isCurrency(currency)) return '';
  return formatMoney({ amountMinor: Math.abs(amountMinor), currency }, language);
}

function energy(data: PushEventData, language: Language): string {
  const wh = typeof data.energyWh === 'number' ? data.energyWh : 0;
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });
  return `${number.format(wh / 1000)} ${localeTexts(language, 'push').kWh}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * "HH:MM" of an ISO instant at a fixed UTC offset in minutes, east positive: the station's local
 * time (a reservation's times are said as the station's clock shows them). '' for no instant.
 */
export function localClock(iso: unknown, utcOffsetMinutes: unknown): string {
  if (typeof iso !== 'string') return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const offset = typeof utcOffsetMinutes === 'number' ? utcOffsetMinutes : 0;
  const local = new Date(at + offset * 60_000);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

type FailReason = keyof LocaleTexts['push']['reservationFailReasons'];

/** Why the charge point did not hold a reservation, as a sentence (unknown reasons: 'other'). */
function failReason(data: PushEventData, language: Language): string {
  const reasons = localeTexts(language, 'push').reservationFailReasons;
  const reason = data.failReason;
  const known = typeof reason === 'string' && Object.hasOwn(reasons, reason);
  return reasons[known ? (reason as FailReason) : 'other'];
}

/** The notification of an event, in the driver's language. */
export function pushText(language: Language, type: UserEventType, data: PushEventData): Text {
  const words = localeTexts(language, 'push');
  const freeMinutes = typeof data.freeMinutes === 'number' ? data.freeMinutes : 0;
  const isReturned = typeof data.differenceMinor === 'number' && data.differenceMinor < 0;
  const key: Key =
    type === 'parkingStarted' && freeMinutes <= 0
      ? 'parkingStartedNow'
      : type === 'limitReached' && data.reason === 'funds'
        ? 'fundsRunOut'
        : type === 'sessionAdjusted' && isReturned
          ? 'sessionAdjustedReturned'
          : type;
  const values: Record<string, string> = {
    station: typeof data.stationName === 'string' ? data.stationName : words.station,
    energy: energy(data, language),
    cost: money(data, 'costMinor', language),
    fee: money(data, 'parkingPerMinuteMinor', language),
    // The sign is in the wording (charged more, returned): the amount is shown as it is.
    difference: money(data, 'differenceMinor', language),
    minutes: String(freeMinutes),
    connector: typeof data.connectorNumber === 'number' ? String(data.connectorNumber) : '',
    from: localClock(data.startsAt, data.utcOffsetMinutes),
    until: localClock(data.endsAt, data.utcOffsetMinutes),
    reason: failReason(data, language),
    // supportAnswered: the answer's first words (the chat shows it whole).
    text: typeof data.text === 'string' ? data.text.slice(0, 120) : '',
  };
  const text: Text = words.events[key];
  return { title: fill(text.title, values), body: fill(text.body, values) };
}
