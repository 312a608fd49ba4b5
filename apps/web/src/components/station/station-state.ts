import type { TFunction } from 'i18next';
import type { StationLabel } from '@evcharge/domain/connector-status';
import type { WeekDay } from '@evcharge/domain/station-hours';
import { formatDate, formatWallTime } from '@/lib/format';

type StationStateInput = {
  label: StationLabel;
  isOpenNow: boolean;
  opensAt: { day: WeekDay; time: string } | null;
  utcOffsetMinutes: number;
};

export type StationState =
  | { kind: 'label'; label: Exclude<StationLabel, 'works'> }
  | { kind: 'closed'; opensAt: StationStateInput['opensAt'] }
  | { kind: 'open' };

const days: readonly WeekDay[] = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];

/**
 * One state for a station, never two that disagree: a station that is not working says so;
 * a working one is open or closed by its schedule (domain/station-hours, decided on the server).
 */
export function stationState(station: StationStateInput): StationState {
  if (station.label !== 'works') return { kind: 'label', label: station.label };
  return station.isOpenNow ? { kind: 'open' } : { kind: 'closed', opensAt: station.opensAt };
}

/** "08:00", or "Mon 08:00" when it opens on another day than the station's today. */
export function openingTime(
  opensAt: { day: WeekDay; time: string },
  utcOffsetMinutes: number,
  language: string,
  now = new Date(),
): string {
  const time = formatWallTime(opensAt.time, language);
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  const today = days[(local.getUTCDay() + 6) % 7];
  if (opensAt.day === today) return time;
  // 1 January 2024 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + days.indexOf(opensAt.day)));
  const day = formatDate(date, language, { weekday: 'short', timeZone: 'UTC' });
  return `${day} ${time}`;
}

/** The words of a state (namespaces common and station). */
export function stationStateText(t: TFunction, station: StationStateInput, language: string, now = new Date()): string {
  const state = stationState(station);
  if (state.kind === 'label') return t(`common:stationLabel.${state.label}`);
  if (state.kind === 'open') return t('station:openNow');
  if (!state.opensAt) return t('station:closedNow');
  return t('station:closedOpensAt', { time: openingTime(state.opensAt, station.utcOffsetMinutes, language, now) });
}
