import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfidBinding } from '@evcharge/api/rfid/rfid';
import { RFID_TAG_NAME_MAX } from '@evcharge/domain/rfid';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { PathIcon } from '@/components/ui/path-icon';
import { errorText } from '@/lib/api-error';
import { countdownText, useNow } from '../model/use-now';
import { rfidTagPath } from './rfid-icons';
import type { WizardStep } from './step-progress';

type BindingStepProps = {
  step: WizardStep;
  binding: RfidBinding;
  headingRef: Ref<HTMLHeadingElement>;
  onCancel: () => void;
  onTouchTag: () => void;
  isTouching: boolean;
  touchError: unknown;
  onConfirm: (name: string) => void;
  isConfirming: boolean;
  confirmError: unknown;
};

/** Steps 1–3 of SPEC §4's wizard: what to do now, the time left for it, and a way out. */
export function BindingStep(props: BindingStepProps) {
  const { step, binding, headingRef, onCancel } = props;
  const { t } = useTranslation('rfid');
  const now = useNow(true);
  const number = (['waitingCar', 'waitingTag', 'tagRead'] as const).indexOf(step) + 1;
  return (
    <section className="rfid-step card" data-testid="rfid-step" data-step={step} aria-labelledby="rfid-step-heading">
      <BindingWhere binding={binding} />
      <div className={`rfid-step__art rfid-step__art--${step}`} aria-hidden="true">
        {step === 'waitingCar' && <Icon name="plug" size={40} />}
        {step === 'waitingTag' && <PathIcon d={rfidTagPath} size={40} />}
        {step === 'tagRead' && <Icon name="checkCircle" size={40} />}
      </div>
      <p className="rfid-step__count muted small">{t('rfid:progress.count', { step: number, total: 3 })}</p>
      <h2 id="rfid-step-heading" ref={headingRef} tabIndex={-1}>{t(`rfid:${step}.title`)}</h2>
      <p>{t(`rfid:${step}.text`)}</p>
      {step !== 'tagRead' && (
        <p className="rfid-step__waiting muted">
          <span className="rfid-step__pulse" aria-hidden="true" />
          {t(`rfid:${step}.waiting`)}
        </p>
      )}
      {step === 'waitingTag' && binding.canSimulateTag && (
        <div className="stack">
          <Button variant="secondary" onClick={props.onTouchTag} isLoading={props.isTouching} data-testid="rfid-demo-tag">
            {t('rfid:waitingTag.demo')}
          </Button>
          {props.touchError !== null && <Alert tone="error"><p>{errorText(t, props.touchError)}</p></Alert>}
        </div>
      )}
      {step === 'tagRead' && (
        <ConfirmForm binding={binding} onConfirm={props.onConfirm} isConfirming={props.isConfirming} confirmError={props.confirmError} />
      )}
      <footer className="rfid-step__foot">
        <p className="rfid-step__deadline" data-testid="rfid-countdown">
          <Icon name="clock" size={18} />
          <span>
            {t('rfid:deadline')}{' '}
            <time role="timer" dateTime={binding.deadlineAt} className="rfid-step__time">{countdownText(binding.deadlineAt, now)}</time>
          </span>
        </p>
        <Button variant="ghost" icon="close" onClick={onCancel} data-testid="rfid-cancel">{t('rfid:cancel')}</Button>
      </footer>
    </section>
  );
}

/** The station and connector of the binding, as the driver sees them on the sticker. */
export function BindingWhere({ binding }: { binding: RfidBinding }) {
  const { t } = useTranslation('rfid');
  return (
    <div className="rfid-where" data-testid="rfid-where">
      <span className="rfid-where__number" aria-hidden="true">{binding.connector.number}</span>
      <div className="rfid-where__text">
        <p className="rfid-where__station">{binding.station.name}</p>
        <p className="muted small">
          {t('rfid:where.connector', { number: binding.connector.number, socket: socketTypeLabel(binding.connector.socketType) })}
          {' · '}
          {binding.station.address}
        </p>
      </div>
    </div>
  );
}

function ConfirmForm({ binding, onConfirm, isConfirming, confirmError }: Pick<BindingStepProps, 'binding' | 'onConfirm' | 'isConfirming' | 'confirmError'>) {
  const { t } = useTranslation('rfid');
  const [name, setName] = useState(() => t('rfid:tagRead.defaultName'));
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('validation:required'));
      return;
    }
    setError(undefined);
    onConfirm(trimmed);
  }

  return (
    <form className="rfid-confirm stack" onSubmit={submit} noValidate>
      <div className="rfid-confirm__number">
        <span className="muted small">{t('rfid:tagRead.number')}</span>
        <strong data-testid="rfid-tag-number">{binding.tagNumber}</strong>
      </div>
      <Field
        label={t('rfid:tagRead.nameLabel')}
        hint={t('rfid:tagRead.nameHint')}
        value={name}
        maxLength={RFID_TAG_NAME_MAX}
        onChange={(event) => setName(event.target.value)}
        error={error}
        data-testid="rfid-name"
      />
      {confirmError !== null && <Alert tone="error" testId="rfid-confirm-error"><p>{errorText(t, confirmError)}</p></Alert>}
      <Button type="submit" variant="primary" icon="check" isLoading={isConfirming} className="rfid-confirm__go" data-testid="rfid-confirm">
        {t('rfid:tagRead.confirm')}
      </Button>
    </form>
  );
}
