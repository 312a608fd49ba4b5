import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';

export const wizardSteps = ['waitingCar', 'waitingTag', 'tagRead'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** SPEC §4: 1 plug in, 2 touch the tag, 3 confirm; the ones behind are ticked. */
export function StepProgress({ current }: { current: WizardStep | 'done' }) {
  const { t } = useTranslation('rfid');
  const index = current === 'done' ? wizardSteps.length : wizardSteps.indexOf(current);
  return (
    <ol className="rfid-progress" aria-label={t('rfid:progress.label')} data-testid="rfid-progress">
      {wizardSteps.map((step, position) => {
        const state = position < index ? 'done' : position === index ? 'current' : 'next';
        return (
          <li key={step} className={`rfid-progress__step rfid-progress__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="rfid-progress__mark" aria-hidden="true">
              {state === 'done' ? <Icon name="check" size={16} /> : position + 1}
            </span>
            <span className="rfid-progress__name">
              {t(`rfid:progress.${step}`)}
              {state === 'done' && <span className="visually-hidden"> ({t('rfid:progress.done')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
