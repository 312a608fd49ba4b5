import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfidBinding, RfidTag } from '@evcharge/api/rfid/rfid';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { failureText } from '../model/failure-text';
import type { WizardFailure } from '../model/use-rfid-wizard';
import { BindingWhere } from './binding-step';

/** The wizard's end: the tag is the driver's, and the car waits at the connector already. */
export function BindingDone({ binding, tag, headingRef }: { binding: RfidBinding; tag: RfidTag; headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('rfid');
  return (
    <section className="rfid-step rfid-step--done card" data-testid="rfid-done" aria-labelledby="rfid-step-heading">
      <div className="rfid-step__art rfid-step__art--done" aria-hidden="true"><Icon name="checkCircle" size={40} /></div>
      <h2 id="rfid-step-heading" ref={headingRef} tabIndex={-1}>{t('rfid:done.title')}</h2>
      <p className="rfid-done__tag">
        <strong data-testid="rfid-done-name">{tag.name}</strong> <span className="muted">{tag.numberMasked}</span>
      </p>
      <p>{t('rfid:done.text')}</p>
      <BindingWhere binding={binding} />
      <div className="rfid-step__actions">
        <ButtonLink to={paths.myRfid} variant="primary" icon="list" data-testid="rfid-done-tags">{t('rfid:done.toTags')}</ButtonLink>
        <ButtonLink to={paths.home} variant="secondary" icon="map">{t('rfid:done.toMap')}</ButtonLink>
      </div>
    </section>
  );
}

type FailedProps = {
  failure: WizardFailure;
  canRetry: boolean;
  onRetry: () => void;
  onChooseOther: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

/** Any end without a tag, said in words (role=alert), with a new try at the same connector. */
export function BindingFailed({ failure, canRetry, onRetry, onChooseOther, headingRef }: FailedProps) {
  const { t } = useTranslation('rfid');
  return (
    <section className="rfid-step card" data-testid="rfid-failed" aria-labelledby="rfid-step-heading">
      <h2 id="rfid-step-heading" ref={headingRef} tabIndex={-1}>{t('rfid:wizard.failed.title')}</h2>
      <Alert tone="error" testId="rfid-failure"><p>{failureText(t, failure)}</p></Alert>
      <div className="rfid-step__actions">
        {canRetry && <Button variant="primary" icon="refresh" onClick={onRetry} data-testid="rfid-retry">{t('rfid:wizard.failed.retry')}</Button>}
        <Button variant="secondary" onClick={onChooseOther} data-testid="rfid-choose-other">{t('rfid:wizard.failed.other')}</Button>
      </div>
    </section>
  );
}
