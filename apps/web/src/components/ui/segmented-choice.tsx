import type { CSSProperties, ReactNode } from 'react';
import './segmented-choice.css';

export type SegmentedOption<V extends string> = { value: V; label: ReactNode; testId?: string };

type SegmentedChoiceProps<V extends string> = {
  legend: string;
  name: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
  /** Options that share the first row on phones (the rest share the second). */
  firstRow?: number;
  testId?: string;
};

/**
 * One choice of a few, drawn as a segmented control: native radios (arrow keys, one tab stop,
 * announced as a group), 44 px targets. On phones it wraps into two even rows.
 */
export function SegmentedChoice<V extends string>({ legend, name, value, options, onChange, firstRow, testId }: SegmentedChoiceProps<V>) {
  const split = firstRow ?? options.length;
  const rest = Math.max(1, options.length - split);
  // Phones: the rows share a grid of split × rest columns, so both rows fill it evenly.
  const grid = { '--columns': split * rest, '--first-span': rest, '--second-span': split } as CSSProperties;
  return (
    <fieldset className="segmented-choice" data-testid={testId}>
      <legend className="segmented-choice__legend">{legend}</legend>
      <div className="segmented-choice__track" style={grid}>
        {options.map((option, index) => (
          <label key={option.value} className={index < split ? 'segmented-choice__option' : 'segmented-choice__option segmented-choice__option--second'} data-testid={option.testId}>
            <input
              className="segmented-choice__input"
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="segmented-choice__label">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
