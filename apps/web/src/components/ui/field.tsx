import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { FieldError } from './field-error';
import { Icon } from './icon';
import './field.css';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Already translated error text; shown below the input and announced. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  /** Password fields get a show/hide toggle with these labels. */
  revealLabels?: { show: string; hide: string };
  /** A unit shown inside the field's end ("₽", "min"); the label names it for screen readers. */
  suffix?: string | undefined;
  errorTestId?: string;
  /** Announce the error at once (role=alert): for a server's answer about the value. */
  errorIsAlert?: boolean;
};

export function Field({ label, error, hint, ref, revealLabels, suffix, errorTestId, errorIsAlert, type = 'text', className, ...input }: FieldProps) {
  const id = useId();
  const [isRevealed, setRevealed] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const canReveal = type === 'password' && revealLabels;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="field__control">
        <input
          {...input}
          ref={ref}
          id={id}
          type={canReveal && isRevealed ? 'text' : type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix && <span className="field__suffix" aria-hidden="true">{suffix}</span>}
        {canReveal && (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={isRevealed}
            aria-label={isRevealed ? revealLabels.hide : revealLabels.show}
            onClick={() => setRevealed((value) => !value)}
          >
            <Icon name={isRevealed ? 'eyeOff' : 'eye'} size={20} />
          </button>
        )}
      </div>
      {error && <FieldError id={errorId} testId={errorTestId} isAlert={errorIsAlert}>{error}</FieldError>}
      {hint && <p className="field__hint" id={hintId}>{hint}</p>}
    </div>
  );
}
