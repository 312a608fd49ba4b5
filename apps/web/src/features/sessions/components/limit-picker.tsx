import { useTranslation } from 'react-i18next';
import type { Currency } from '@evcharge/domain/currency';
import { limitModes, type LimitMode } from '@evcharge/domain/validation';
import { currencySymbol } from '@/components/charge/charge-text';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SegmentedChoice } from '@/components/ui/segmented-choice';
import { formatNumber } from '@/lib/format';
import { needsValue, quickPicks, type LimitDraft, type ValueMode } from '../model/limit-form';

type LimitPickerProps = {
  draft: LimitDraft;
  currency: Currency;
  onChange: (draft: LimitDraft) => void;
  /** Already translated; shown under the value field. */
  error: string | undefined;
};

/** SPEC §4 limit modes: none, until full, or stop at a cost, a time or an amount of energy. */
export function LimitPicker({ draft, currency, onChange, error }: LimitPickerProps) {
  const { t, i18n } = useTranslation('charging');
  const language = i18n.language;
  const unit = (mode: ValueMode) => (mode === 'cost' ? currencySymbol(currency, language) : t(`charging:limit.unit.${mode}`));
  const options = limitModes.map((mode) => ({ value: mode, label: t(`charging:limit.mode.${mode}`), testId: `limit-mode-${mode}` }));

  return (
    <Card title={t('charging:limit.title')} testId="limit-picker">
      <SegmentedChoice
        legend={t('charging:limit.legend')}
        name="limit-mode"
        value={draft.mode}
        options={options}
        firstRow={2}
        onChange={(mode: LimitMode) => onChange({ mode, text: mode === draft.mode ? draft.text : '' })}
        testId="limit-mode"
      />
      <p className="muted small" data-testid="limit-hint">{t(`charging:limit.hint.${draft.mode}`)}</p>
      {needsValue(draft.mode) && (
        <div className="limit-value">
          <Field
            label={t(`charging:limit.valueLabel.${draft.mode}`)}
            className="limit-value__field"
            inputMode="decimal"
            autoComplete="off"
            value={draft.text}
            onChange={(event) => onChange({ mode: draft.mode, text: event.target.value })}
            error={error}
            errorTestId="limit-value-error"
            suffix={unit(draft.mode)}
            data-testid="limit-value"
          />
          <div className="limit-value__picks" role="group" aria-label={t('charging:limit.quickPicks')}>
            {quickPicks(draft.mode, currency).map((pick) => (
              <button
                key={pick}
                type="button"
                className="quick-pick"
                aria-pressed={draft.text === String(pick)}
                onClick={() => onChange({ mode: draft.mode, text: String(pick) })}
                data-testid={`limit-pick-${pick}`}
              >
                {formatNumber(pick, language)} {unit(draft.mode as ValueMode)}
              </button>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
