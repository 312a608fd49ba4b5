import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { clockText, durationText, percentText } from '@/components/charge/charge-text';
import { sessionTone } from '@/components/charge/session-status';
import { formatNumber, useFormat } from '@/lib/format';
import { formatStationTime } from '@/lib/station-clock';

type LiveFiguresProps = { charge: Charge; chargingSeconds: number; now: number };

/**
 * The figures a driver glances at from across the car park: energy large, power and cost
 * beside it, then time, battery and what is left.
 */
export function LiveFigures({ charge, chargingSeconds, now }: LiveFiguresProps) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const language = i18n.language;
  const kwh = formatNumber(charge.energyWh / 1000, language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const kw =
    charge.powerW === null
      ? null
      : formatNumber(charge.powerW / 1000, language, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        });
  const finishAt =
    charge.remainingMinutes === null ? null : new Date(now + charge.remainingMinutes * 60_000);
  // Once charging has ended (the car still plugged in), power and time left say nothing.
  const isDrawing = charge.status !== 'parking' && charge.status !== 'finishing';
  return (
    <section
      className={`live-figures live-figures--${sessionTone(charge.status)}`}
      aria-label={t('charging:figures.label')}
      data-testid="live-figures"
    >
      <div className="live-figures__main">
        <p className="live-figures__caption">{t('charging:figures.energy')}</p>
        <p className="live-figures__energy" data-testid="live-energy">
          <span className="live-figures__value">{kwh}</span>
          <span className="live-figures__unit">{t('charging:units.kwhShort')}</span>
        </p>
      </div>
      <dl className="live-figures__side">
        {isDrawing && (
          <div data-testid="live-power">
            <dt>{t('charging:figures.power')}</dt>
            <dd>
              {kw === null ? (
                '—'
              ) : (
                <>
                  {kw}
                  <span className="live-figures__small-unit"> {t('charging:units.kwShort')}</span>
                </>
              )}
            </dd>
          </div>
        )}
        <div data-testid="live-cost">
          <dt>{t('charging:figures.cost')}</dt>
          <dd>{format.money(charge.costMinor, charge.currency)}</dd>
        </div>
      </dl>
      <dl className="live-figures__row">
        <div data-testid="live-duration">
          <dt>{t('charging:figures.duration')}</dt>
          <dd>
            <time>{clockText(chargingSeconds)}</time>
          </dd>
        </div>
        <div data-testid="live-soc">
          <dt>{t('charging:figures.soc')}</dt>
          <dd>
            {charge.socPercent === null ? '—' : percentText(charge.socPercent, language)}
            {charge.socPercent !== null && (
              <span className="battery" aria-hidden="true">
                <span
                  className="battery__level"
                  style={{ width: `${Math.min(100, Math.max(0, charge.socPercent))}%` }}
                />
              </span>
            )}
          </dd>
        </div>
        {isDrawing && (
          <div data-testid="live-remaining">
            <dt>{t('charging:figures.remaining')}</dt>
            <dd>
              {charge.remainingMinutes === null
                ? '—'
                : durationText(t, charge.remainingMinutes * 60)}
              {finishAt && (
                <span className="live-figures__note">
                  {t('charging:figures.finishAt', {
                    time: formatStationTime(
                      finishAt,
                      charge.station.utcOffsetMinutes,
                      language,
                      'time',
                    ),
                  })}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
