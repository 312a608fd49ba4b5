import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Field } from '@/components/ui/field';
import type { StationFilterState } from '../model/filter';
import { parseKw, powerChoiceOf, powerPresets, withPowerChoice, type PowerChoice } from '../model/filter-presets';

type FilterPowerProps = {
  value: StationFilterState;
  onChange: (next: StationFilterState) => void;
  onValidity: (isValid: boolean) => void;
};

const text = (kw: number | null) => (kw === null ? '' : String(kw));

/** Power presets, or a custom range whose fields accept only numbers from 0 to 1000 kW. */
export function FilterPower({ value, onChange, onValidity }: FilterPowerProps) {
  const { t } = useTranslation(['filter', 'map']);
  const [isCustom, setCustom] = useState(powerChoiceOf(value) === 'custom');
  const [minText, setMinText] = useState(text(value.minPowerKw));
  const [maxText, setMaxText] = useState(text(value.maxPowerKw));
  const choice: PowerChoice = isCustom ? 'custom' : powerChoiceOf(value);
  const min = parseKw(minText);
  const max = parseKw(maxText);
  const isRangeWrong = typeof min === 'number' && typeof max === 'number' && min > max;

  function choose(next: PowerChoice) {
    setCustom(next === 'custom');
    if (next !== 'custom') {
      onValidity(true);
      onChange(withPowerChoice(value, next));
    }
  }

  function edit(nextMin: string, nextMax: string) {
    setMinText(nextMin);
    setMaxText(nextMax);
    const a = parseKw(nextMin);
    const b = parseKw(nextMax);
    const isValid = a !== 'invalid' && b !== 'invalid' && !(a !== null && b !== null && a > b);
    onValidity(isValid);
    if (isValid) onChange({ ...value, minPowerKw: a, maxPowerKw: b });
  }

  const choices = [...powerPresets, 'custom' as const].map((preset) => ({
    value: preset,
    label: preset === 'any' ? t('filter:powerAny') : preset === 'custom' ? t('filter:powerCustom') : t('map:chip.powerMin', { min: preset }),
    description: t(`filter:powerHint.${preset}`),
  }));

  return (
    <div className="filter-section" data-testid="filter-power">
      <ChoiceGroup legend={t('filter:power')} name="power" value={choice} choices={choices} onChange={choose} columns={2} testId="filter-power-choices" />
      {isCustom && (
        <div className="filter-power__range">
          <Field
            label={t('filter:powerFrom')}
            inputMode="decimal"
            value={minText}
            onChange={(event) => edit(event.target.value, maxText)}
            error={min === 'invalid' ? t('validation:number') : undefined}
            data-testid="filter-power-min"
          />
          <Field
            label={t('filter:powerTo')}
            inputMode="decimal"
            value={maxText}
            onChange={(event) => edit(minText, event.target.value)}
            error={max === 'invalid' ? t('validation:number') : isRangeWrong ? t('filter:powerRangeWrong') : undefined}
            data-testid="filter-power-max"
          />
        </div>
      )}
    </div>
  );
}
