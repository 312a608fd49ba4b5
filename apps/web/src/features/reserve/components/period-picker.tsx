import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { stationDayText, stationPeriodText } from '@/components/station/station-time';
import { formatUtcOffset, formatWallTime } from '@/lib/format';
import {
  dayOptions,
  startDayOptions,
  startTimeOptions,
  timeOptions,
  wallToInstant,
  type PeriodDraft,
} from '../model/period';

type Taken = readonly { startsAt: string; endsAt: string }[];

type PeriodPickerProps = {
  draft: PeriodDraft;
  onChange: (draft: PeriodDraft) => void;
  utcOffsetMinutes: number;
  stepMinutes: number;
  horizonDays: number;
  quickMinutes: number;
  maxPeriodMinutes: number;
  taken: Taken;
  /** The clock the start times are offered from. */
  now: Date;
  startError?: string | undefined;
  endError?: string | undefined;
};

/** SPEC §4 "a chosen period": its start and end on the station's clock, and what is taken. */
export function PeriodPicker({
  draft,
  onChange,
  utcOffsetMinutes,
  stepMinutes,
  horizonDays,
  quickMinutes,
  maxPeriodMinutes,
  taken,
  now,
  startError,
  endError,
}: PeriodPickerProps) {
  const { t, i18n } = useTranslation('reserve');
  const language = i18n.language;
  const days = dayOptions(now, utcOffsetMinutes, horizonDays);
  const times = timeOptions(stepMinutes);
  // Only starts still ahead (SPEC §5); a chosen one the clock has passed stays shown, flagged.
  const startDays = startDayOptions(now, utcOffsetMinutes, horizonDays, stepMinutes);
  const startTimesOf = (day: string) => startTimeOptions(day, now, utcOffsetMinutes, stepMinutes);
  const startTimes = startTimesOf(draft.startDay);
  const shownStartDays = startDays.includes(draft.startDay)
    ? startDays
    : [draft.startDay, ...startDays];
  const shownStartTimes = startTimes.includes(draft.startTime)
    ? startTimes
    : [draft.startTime, ...startTimes];
  const setStartDay = (startDay: string) => {
    const dayTimes = startTimesOf(startDay);
    onChange({
      ...draft,
      startDay,
      startTime: dayTimes.includes(draft.startTime)
        ? draft.startTime
        : (dayTimes[0] ?? draft.startTime),
    });
  };
  const dayLabel = (day: string) =>
    stationDayText(wallToInstant(day, '12:00', utcOffsetMinutes), utcOffsetMinutes, language);
  const set = (patch: Partial<PeriodDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="reserve-period" data-testid="reserve-period">
      <legend className="reserve-period__legend">{t('reserve:period.title')}</legend>
      <p className="muted small" data-testid="reserve-period-hint">
        {t('reserve:period.hint', {
          offset: formatUtcOffset(utcOffsetMinutes),
          step: stepMinutes,
          min: quickMinutes,
          max: maxPeriodMinutes,
          days: horizonDays,
        })}
      </p>
      <div className="reserve-period__row">
        <SelectField
          label={t('reserve:period.startDay')}
          value={draft.startDay}
          onChange={(e) => setStartDay(e.target.value)}
          data-testid="reserve-start-day"
        >
          {shownStartDays.map((day) => (
            <option key={day} value={day}>
              {dayLabel(day)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('reserve:period.startTime')}
          value={draft.startTime}
          onChange={(e) => set({ startTime: e.target.value })}
          error={startError}
          data-testid="reserve-start-time"
        >
          {shownStartTimes.map((time) => (
            <option key={time} value={time}>
              {formatWallTime(time, language)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="reserve-period__row">
        <SelectField
          label={t('reserve:period.endDay')}
          value={draft.endDay}
          onChange={(e) => set({ endDay: e.target.value })}
          data-testid="reserve-end-day"
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {dayLabel(day)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('reserve:period.endTime')}
          value={draft.endTime}
          onChange={(e) => set({ endTime: e.target.value })}
          error={endError}
          data-testid="reserve-end-time"
        >
          {times.map((time) => (
            <option key={time} value={time}>
              {formatWallTime(time, language)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="reserve-taken" data-testid="reserve-taken">
        <p className="reserve-taken__title">{t('reserve:period.taken')}</p>
        {taken.length === 0 ? (
          <p className="muted small">{t('reserve:period.noneTaken')}</p>
        ) : (
          <ul className="reserve-taken__list">
            {taken.map((period) => (
              <li key={period.startsAt} data-testid="reserve-taken-period">
                {stationPeriodText(period.startsAt, period.endsAt, utcOffsetMinutes, language)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
