import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/brand';
import { useRfidWizard, type WizardView } from '../model/use-rfid-wizard';
import { BindingDone, BindingFailed } from './binding-end';
import { BindingStep } from './binding-step';
import { ChooseConnector } from './choose-connector';
import { StepProgress } from './step-progress';
import { useStepFocus } from './use-step-focus';
import '@/components/ui/card.css';
import './rfid.css';

/**
 * rfid (SPEC §2, §4): bind an RFID tag at a connector. Step 0 names the connector
 * (`?station=<id>&connector=<number or id>` from the station page, or its printed code), then
 * 1 plug the car in, 2 touch the tag to the reader, 3 confirm the number read; then done.
 */
export function RfidPage() {
  const { t } = useTranslation('rfid');
  const [, setParams] = useSearchParams();
  useDocumentTitle(t('rfid:wizard.title'));
  const wizard = useRfidWizard();
  const { view } = wizard;
  const headingRef = useStepFocus<HTMLHeadingElement>(view.step);

  function chooseOther() {
    wizard.cancel();
    setParams({}, { replace: true });
  }

  return (
    <div className="rfid" data-testid="rfid-page">
      <header className="rfid__header">
        <h1>{t('rfid:wizard.title')}</h1>
        <p className="muted">{t('rfid:wizard.subtitle')}</p>
      </header>
      {(view.step === 'waitingCar' || view.step === 'waitingTag' || view.step === 'tagRead') && <StepProgress current={view.step} />}
      {view.step === 'bound' && <StepProgress current="done" />}
      <p className="visually-hidden" aria-live="polite" data-testid="rfid-status">{statusText(t, view)}</p>
      {view.step === 'choose' && <ChooseConnector onStart={(id) => void wizard.start(id)} headingRef={headingRef} />}
      {view.step === 'starting' && <Spinner label={t('rfid:starting')} />}
      {(view.step === 'waitingCar' || view.step === 'waitingTag' || view.step === 'tagRead') && (
        <BindingStep
          step={view.step}
          binding={view.binding}
          headingRef={headingRef}
          onCancel={wizard.cancel}
          onTouchTag={() => void wizard.touchTag()}
          isTouching={wizard.isTouching}
          touchError={wizard.touchError}
          onConfirm={(name) => void wizard.confirm(name)}
          isConfirming={wizard.isConfirming}
          confirmError={wizard.confirmError}
        />
      )}
      {view.step === 'bound' && <BindingDone binding={view.binding} tag={view.tag} headingRef={headingRef} />}
      {view.step === 'failed' && (
        <BindingFailed failure={view.failure} canRetry={wizard.canRetry} onRetry={wizard.retry} onChooseOther={chooseOther} headingRef={headingRef} />
      )}
      {view.step === 'choose' && (
        <ButtonLink to={paths.myRfid} variant="ghost" icon="list" className="rfid__tags-link">{t('rfid:myTags.title')}</ButtonLink>
      )}
    </div>
  );
}

/** What the polite live region says: the step and what the wizard waits for. */
function statusText(t: (key: string, options?: Record<string, unknown>) => string, view: WizardView): string {
  if (view.step === 'waitingCar' || view.step === 'waitingTag' || view.step === 'tagRead') {
    const number = ['waitingCar', 'waitingTag', 'tagRead'].indexOf(view.step) + 1;
    return `${t('rfid:progress.count', { step: number, total: 3 })}: ${t(`rfid:${view.step}.title`)}`;
  }
  if (view.step === 'bound') return t('rfid:done.title');
  if (view.step === 'failed') return t('rfid:wizard.failed.title');
  if (view.step === 'starting') return t('rfid:starting');
  return '';
}
