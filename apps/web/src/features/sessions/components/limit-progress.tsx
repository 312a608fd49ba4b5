import { useTranslation } from 'react-i18next';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { limitProgress } from '@evcharge/domain/charging';
import { durationText, energyText, percentText } from '@/components/charge/charge-text';
import { useFormat } from '@/lib/format';

/** How far the session is towards the limit the driver set (or the battery, for "full"). */
export function LimitProgress({ charge, chargingSeconds }: { charge: Charge; chargingSeconds: number }) {
  const { t, i18n } = useTranslation('charging');
  const format = useFormat();
  const { limit } = charge;
  const progress = limit.mode === 'full'
    ? charge.socPercent === null ? undefined : charge.socPercent / 100
    : limitProgress(limit, { energyWh: charge.energyWh, costMinor: charge.costMinor, elapsedSeconds: chargingSeconds });

  let text: string;
  if (limit.mode === 'none' || limit.value === null) text = t(`charging:limit.progress.${limit.mode === 'full' ? 'full' : 'none'}`);
  else if (limit.mode === 'cost') text = t('charging:limit.progress.of', { done: format.money(charge.costMinor, charge.currency), limit: format.money(limit.value, charge.currency) });
  else if (limit.mode === 'time') text = t('charging:limit.progress.of', { done: durationText(t, chargingSeconds), limit: durationText(t, limit.value * 60) });
  else if (limit.mode === 'energy') text = t('charging:limit.progress.of', { done: energyText(t, charge.energyWh, i18n.language), limit: energyText(t, limit.value, i18n.language) });
  else text = t('charging:limit.progress.full');

  return (
    <section className="limit-progress" data-testid="limit-progress" data-mode={limit.mode}>
      <div className="limit-progress__head">
        <span className="limit-progress__title">{t(`charging:limit.current.${limit.mode}`)}</span>
        {progress !== undefined && <span className="limit-progress__percent">{percentText(progress * 100, i18n.language)}</span>}
      </div>
      {progress !== undefined && (
        <div
          className="limit-progress__bar"
          role="progressbar"
          aria-label={t(`charging:limit.current.${limit.mode}`)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <span className="limit-progress__fill" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      <p className="muted small" data-testid="limit-progress-text">{text}</p>
    </section>
  );
}
