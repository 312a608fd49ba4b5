import { useTranslation } from 'react-i18next';
import type { Summary } from './analytics-section';

type Step = Summary['funnel'][number];

/**
 * The charging funnel (map → station opened → charge started → session ended): how many visits
 * reached each step, as a bar against the map's visits, and how often the step happened.
 */
export function FunnelChart({ funnel, language }: { funnel: Step[]; language: string }) {
  const { t } = useTranslation();
  const base = funnel[0]?.visits ?? 0;
  return (
    <ol className="funnel" data-testid="analytics-funnel">
      {funnel.map((step) => {
        const share = base > 0 ? step.visits / base : 0;
        const percent = Math.round(share * 100);
        return (
          <li key={step.step} className="funnel-step" data-testid={`funnel-${step.step}`} data-visits={step.visits}>
            <div className="funnel-head">
              <span className="funnel-name">{t(`analytics.steps.${step.step}`)}</span>
              <span className="funnel-figure tabular">
                {t('analytics.visitsCount', { n: step.visits.toLocaleString(language) })}
              </span>
            </div>
            <div className="funnel-track" aria-hidden="true">
              <span className="funnel-fill" style={{ width: `${share * 100}%` }} />
            </div>
            <span className="muted funnel-note">
              {t('analytics.ofMap', { percent })} · {t('analytics.times', { n: step.events.toLocaleString(language) })}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
