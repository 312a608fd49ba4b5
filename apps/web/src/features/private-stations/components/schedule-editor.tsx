import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharingSchedule } from '@evcharge/api/private-stations/private-stations';
import { weekDays, type WeekDay } from '@evcharge/domain/station-hours';
import { stationDayText, stationTimeText } from '@/components/station/station-time';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { ApiError, errorText } from '@/lib/api-error';
import { formatDate, formatUtcOffset, useFormat } from '@/lib/format';
import { useSaveScheduleMutation } from '../api/sharing-schedule';
import {
  bodyOf,
  formOf,
  limitFor,
  newInterval,
  priceNames,
  type FormErrors,
  type Interval,
  type ScheduleForm,
} from '../model/schedule-form';
import { currencySymbol, earningExample, weekDayName } from '../model/owner-money';

/** The schedule's form: shared or not, the weekly hours, the dates off and the prices. */
export function ScheduleEditor({ schedule }: { schedule: SharingSchedule }) {
  const { t } = useTranslation('profile');
  const format = useFormat();
  const mutation = useSaveScheduleMutation(schedule.stationId);
  const [form, setForm] = useState<ScheduleForm>(() => formOf(schedule));
  const [errors, setErrors] = useState<FormErrors>({});
  const [newDate, setNewDate] = useState('');
  const [isSaved, setSaved] = useState(false);
  const error = (path: string) => (errors[path] ? t(`validation:${errors[path]}`) : undefined);
  const edit = (change: (form: ScheduleForm) => ScheduleForm) => {
    setSaved(false);
    setForm(change);
  };
  const setIntervals = (day: WeekDay, change: (list: Interval[]) => Interval[]) =>
    edit((f) => ({ ...f, weekly: { ...f.weekly, [day]: change(f.weekly[day]) } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = bodyOf(form, schedule);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.mutate(result.body, {
      onSuccess: () => setSaved(true),
      onError: (failure) => {
        if (failure instanceof ApiError)
          setErrors(Object.fromEntries(failure.fields.map((f) => [f.path, f.rule])));
      },
    });
  }

  function addDate() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDate)) {
      setErrors((e) => ({ ...e, newDateOff: 'dateFormat' }));
      return;
    }
    setErrors(({ newDateOff: _gone, ...rest }) => rest);
    edit((f) => ({ ...f, datesOff: [...new Set([...f.datesOff, newDate])].sort() }));
    setNewDate('');
  }

  const offset = schedule.utcOffsetMinutes;
  const next = schedule.nextChangeAt;
  const suffix = currencySymbol(schedule.currency, format.language);
  const perKwh = form.prices.perKwhMinor;
  return (
    <form className="owner-schedule" onSubmit={submit} noValidate data-testid="schedule-form">
      <section className="card" aria-labelledby="schedule-sharing">
        <h2 id="schedule-sharing" className="visually-hidden">{t('profile:privateStations.schedule.shared')}</h2>
        <Switch
          label={t('profile:privateStations.schedule.shared')}
          description={t('profile:privateStations.schedule.sharedHint')}
          checked={form.isShared}
          onChange={(event) => edit((f) => ({ ...f, isShared: event.target.checked }))}
          data-testid="schedule-shared"
        />
        <p className="owner-schedule__now" data-testid="schedule-now" data-shared={schedule.isSharedNow}>
          <strong>{schedule.isSharedNow ? t('profile:privateStations.schedule.nowShared') : t('profile:privateStations.schedule.nowNotShared')}</strong>
          {next && (
            <span className="muted small">
              {' · '}
              {t('profile:privateStations.schedule.changesAt', {
                time: `${stationDayText(next, offset, format.language)}, ${stationTimeText(next, offset, format.language)}`,
              })}
            </span>
          )}
        </p>
        <p className="muted small">{t('profile:privateStations.schedule.timezone', { offset: formatUtcOffset(offset) })}</p>
      </section>

      <section className="card" aria-labelledby="schedule-weekly">
        <div>
          <h2 id="schedule-weekly" className="card__title">{t('profile:privateStations.schedule.weekly')}</h2>
          <p className="muted small">{t('profile:privateStations.schedule.weeklyHint')}</p>
        </div>
        <div className="owner-days">
          {weekDays.map((day) => (
            <fieldset key={day} className="owner-day" data-testid={`schedule-day-${day}`}>
              <legend className="owner-day__name">{weekDayName(day, format.language)}</legend>
              {form.weekly[day].length === 0 && <p className="muted small owner-day__none">{t('profile:privateStations.schedule.closedDay')}</p>}
              {form.weekly[day].map((interval, index) => (
                <div key={interval.key} className="owner-interval" data-testid="schedule-interval">
                  <Field
                    type="time"
                    label={t('profile:privateStations.schedule.from')}
                    value={interval.from}
                    onChange={(event) => setIntervals(day, (list) => list.map((i) => (i.key === interval.key ? { ...i, from: event.target.value } : i)))}
                    error={error(`weekly.${day}.${index}.from`)}
                    data-testid="schedule-from"
                  />
                  <Field
                    type="time"
                    label={t('profile:privateStations.schedule.to')}
                    value={interval.to}
                    onChange={(event) => setIntervals(day, (list) => list.map((i) => (i.key === interval.key ? { ...i, to: event.target.value } : i)))}
                    error={error(`weekly.${day}.${index}.to`)}
                    data-testid="schedule-to"
                  />
                  <Button
                    variant="ghost"
                    icon="trash"
                    className="owner-interval__remove"
                    aria-label={t('profile:privateStations.schedule.removeInterval', { day: weekDayName(day, format.language), from: interval.from, to: interval.to })}
                    onClick={() => setIntervals(day, (list) => list.filter((i) => i.key !== interval.key))}
                    data-testid="schedule-remove-interval"
                  >
                    <span className="owner-interval__remove-text">{t('profile:privateStations.schedule.remove')}</span>
                  </Button>
                </div>
              ))}
              {form.weekly[day].length < 6 && (
                <Button
                  variant="ghost"
                  icon="clock"
                  className="owner-day__add"
                  aria-label={t('profile:privateStations.schedule.addIntervalFor', { day: weekDayName(day, format.language) })}
                  onClick={() => setIntervals(day, (list) => [...list, list.length === 0 ? newInterval('00:00', '00:00') : newInterval()])}
                  data-testid="schedule-add-interval"
                >
                  {t('profile:privateStations.schedule.addInterval')}
                </Button>
              )}
            </fieldset>
          ))}
        </div>
      </section>

      <section className="card" aria-labelledby="schedule-dates-off">
        <div>
          <h2 id="schedule-dates-off" className="card__title">{t('profile:privateStations.schedule.datesOff')}</h2>
          <p className="muted small">{t('profile:privateStations.schedule.datesOffHint')}</p>
        </div>
        <div className="owner-date-add">
          <Field
            type="date"
            label={t('profile:privateStations.schedule.date')}
            value={newDate}
            onChange={(event) => setNewDate(event.target.value)}
            error={error('newDateOff')}
            data-testid="schedule-date"
          />
          <Button variant="secondary" icon="calendar" onClick={addDate} data-testid="schedule-add-date">
            {t('profile:privateStations.schedule.addDate')}
          </Button>
        </div>
        {form.datesOff.length === 0
          ? <p className="muted small">{t('profile:privateStations.schedule.noDatesOff')}</p>
          : (
            <ul className="owner-dates" data-testid="schedule-dates">
              {form.datesOff.map((date) => {
                const text = formatDate(new Date(`${date}T00:00:00Z`), format.language, { dateStyle: 'full', timeZone: 'UTC' });
                return (
                  <li key={date} className="owner-dates__item" data-testid="schedule-date-off" data-date={date}>
                    <span>{text}</span>
                    <Button
                      variant="ghost"
                      icon="close"
                      aria-label={t('profile:privateStations.schedule.removeDate', { date: text })}
                      onClick={() => edit((f) => ({ ...f, datesOff: f.datesOff.filter((d) => d !== date) }))}
                    >
                      <span className="owner-interval__remove-text">{t('profile:privateStations.schedule.remove')}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
      </section>

      <section className="card" aria-labelledby="schedule-prices">
        <h2 id="schedule-prices" className="card__title">{t('profile:privateStations.schedule.prices')}</h2>
        <div className="owner-prices">
          {priceNames.map((name) => (
            <Field
              key={name}
              label={t(`profile:privateStations.schedule.${name}`)}
              inputMode="decimal"
              value={form.prices[name]}
              suffix={suffix}
              onChange={(event) => edit((f) => ({ ...f, prices: { ...f.prices, [name]: event.target.value } }))}
              hint={t('profile:privateStations.schedule.max', { amount: format.money(limitFor(name, schedule), schedule.currency) })}
              error={error(`prices.${name}`)}
              data-testid={`schedule-price-${name}`}
            />
          ))}
        </div>
        <p className="owner-schedule__fee" data-testid="schedule-fee">
          {t('profile:privateStations.schedule.fee', { percent: format.percent(schedule.platformFeePercent) })}
        </p>
        {earningExample(perKwh, schedule) && (
          <p className="muted small" data-testid="schedule-example">
            {t('profile:privateStations.schedule.example', {
              amount: format.money(earningExample(perKwh, schedule)!.paidMinor, schedule.currency),
              earned: format.money(earningExample(perKwh, schedule)!.ownerMinor, schedule.currency),
            })}
          </p>
        )}
      </section>

      {isSaved && !mutation.isPending && <Alert tone="success" testId="schedule-saved"><p>{t('profile:privateStations.schedule.saved')}</p></Alert>}
      {mutation.isError && <Alert tone="error" testId="schedule-save-error"><p>{errorText(t, mutation.error)}</p></Alert>}
      {Object.keys(errors).length > 0 && !mutation.isError && (
        <Alert tone="error" testId="schedule-invalid"><p>{t('errors:VALIDATION_FAILED')}</p></Alert>
      )}
      <div className="owner-schedule__actions">
        <Button type="submit" icon="check" isLoading={mutation.isPending} data-testid="schedule-save">
          {t('profile:privateStations.schedule.save')}
        </Button>
      </div>
    </form>
  );
}
