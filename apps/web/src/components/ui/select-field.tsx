import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldError } from './field-error';
import './field.css';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** Already translated error text; shown below the select and announced. */
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A native select styled as a field: the phone's own picker, labelled and described. */
export function SelectField({ label, error, hint, ref, children, className, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="field__control">
        <select
          {...select}
          ref={ref}
          id={id}
          className="field__input field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        >
          {children}
        </select>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && <div className="field__hint" id={hintId}>{hint}</div>}
    </div>
  );
}
