import { useId, type InputHTMLAttributes } from 'react';
import './switch.css';

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'role'> & {
  label: string;
  description?: string;
};

/** An on/off setting: a native checkbox announced as a switch, the whole row is the target. */
export function Switch({ label, description, ...input }: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="switch">
      <label className="switch__row" htmlFor={id}>
        <span className="switch__text">
          <span className="switch__label">{label}</span>
          {description && <span className="switch__description" id={descriptionId}>{description}</span>}
        </span>
        <input {...input} id={id} type="checkbox" role="switch" className="switch__input" aria-describedby={descriptionId} />
        <span className="switch__track" aria-hidden="true"><span className="switch__thumb" /></span>
      </label>
    </div>
  );
}
