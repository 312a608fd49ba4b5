import type { ReactNode } from 'react';
import { Icon } from './icon';
import './field.css';

type FieldErrorProps = {
  id: string | undefined;
  children: ReactNode;
  /** Announce at once: for errors that appear without the field being submitted. */
  isAlert?: boolean;
  testId?: string;
};

/** A field's error under it, referenced by the field's `aria-describedby`. */
export function FieldError({ id, children, isAlert, testId }: FieldErrorProps) {
  return (
    <p className="field__error" id={id} role={isAlert ? 'alert' : undefined} data-testid={testId}>
      <Icon name="alert" size={16} />
      <span>{children}</span>
    </p>
  );
}
