import type { ReactNode } from 'react';
import { Icon } from './icon';
import './choice-group.css';

export type Choice<V extends string | number> = {
  value: V;
  label: ReactNode;
  /** BCP-47 language of the label, when it is written in another language than the page. */
  lang?: string;
  description?: ReactNode;
  testId?: string;
};

type ChoiceGroupProps<V extends string | number> = {
  legend: string;
  name: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  columns?: 1 | 2 | 4;
  testId?: string;
};

/** Radio buttons drawn as large cards: native keyboard behaviour, 44 px targets. */
export function ChoiceGroup<V extends string | number>({
  legend, name, value, choices, onChange, columns = 2, testId,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className="choices" data-testid={testId}>
      <legend className="choices__legend">{legend}</legend>
      <div className={`choices__grid choices__grid--${columns}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="choice" data-testid={choice.testId}>
            <input
              className="choice__input"
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span className="choice__text">
              <span className="choice__label" lang={choice.lang}>{choice.label}</span>
              {choice.description && <span className="choice__description">{choice.description}</span>}
            </span>
            <Icon name="check" size={18} className="choice__mark" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
