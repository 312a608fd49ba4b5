import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { errorText } from '@/lib/api-error';
import { formatStationTime } from '@/lib/station-clock';
import { useSetRemainingTimeMutation } from '../api/session-settings';

const picks = [15, 30, 60] as const;
/** The server takes 1 minute to a day (set_remaining_time). */
const MAX_MINUTES = 24 * 60;

/** "Stop in N minutes": the session gets a time limit counted from its start (PUT set_remaining_time). */
export function RemainingTime({ charge, now }: { charge: Charge; now: number }) {
  const { t, i18n } = useTranslation('charging');
  const [text, setText] = useState('');
  const [rule, setRule] = useState<string | null>(null);
  const mutation = useSetRemainingTimeMutation();
  const stopsAt =
    charge.limit.mode === 'time' && charge.remainingMinutes !== null
      ? new Date(now + charge.remainingMinutes * 60_000)
      : null;

  function submit(minutes: number) {
    mutation.mutate(
      { transactionId: charge.transactionId, minutes },
      { onSuccess: () => setText('') },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setRule('required');
    if (!/^\d+$/.test(trimmed)) return setRule('number');
    const minutes = Number(trimmed);
    if (minutes < 1) return setRule('amount');
    if (minutes > MAX_MINUTES) return setRule('invalid');
    setRule(null);
    submit(minutes);
  }

  return (
    <details className="remaining-time" data-testid="remaining-time">
      <summary className="remaining-time__summary">
        <Icon name="clock" size={20} />
        <span>
          {stopsAt
            ? t('charging:later.stopsAt', {
                time: formatStationTime(
                  stopsAt,
                  charge.station.utcOffsetMinutes,
                  i18n.language,
                  'time',
                ),
              })
            : t('charging:later.title')}
        </span>
        <Icon name="chevronRight" size={20} className="remaining-time__chevron" />
      </summary>
      <form className="remaining-time__form" onSubmit={onSubmit} noValidate>
        <div className="remaining-time__picks" role="group" aria-label={t('charging:later.quick')}>
          {picks.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="quick-pick"
              onClick={() => submit(minutes)}
              disabled={mutation.isPending}
              data-testid={`later-${minutes}`}
            >
              {t('charging:later.in', { minutes })}
            </button>
          ))}
        </div>
        <div className="remaining-time__custom">
          <Field
            label={t('charging:later.custom')}
            inputMode="numeric"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={rule ? t(`validation:${rule}`) : undefined}
            suffix={t('charging:limit.unit.time')}
            data-testid="later-minutes"
          />
          <Button
            type="submit"
            variant="secondary"
            isLoading={mutation.isPending}
            data-testid="later-submit"
          >
            {t('charging:later.set')}
          </Button>
        </div>
        {mutation.isError && (
          <Alert tone="error">
            <p>{errorText(t, mutation.error)}</p>
          </Alert>
        )}
      </form>
    </details>
  );
}
