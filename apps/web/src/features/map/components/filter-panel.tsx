import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Switch } from '@/components/ui/switch';
import { useDocumentTitle } from '@/lib/brand';
import { defaultFilter, filterProblem, type StationFilterState } from '../model/filter';
import { radiusChoiceOf, radiusChoices, withRadiusChoice } from '../model/filter-presets';
import { applyFilter, getFilter } from '../model/filter-store';
import { FilterConnectors } from './filter-connectors';
import { FilterPower } from './filter-power';
import './filter.css';

/** The map filter (SPEC §2): edited as a draft, remembered and applied with Apply. */
export function FilterPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['filter', 'map']);
  const [draft, setDraft] = useState<StationFilterState>(getFilter);
  const [isPowerValid, setPowerValid] = useState(true);
  // Reset remounts the power fields so their typed text follows the reset values.
  const [resetCount, setResetCount] = useState(0);
  useDocumentTitle(t('filter:title'));
  const problem = filterProblem(draft);
  const canApply = problem === null && isPowerValid;

  const radiusOptions = radiusChoices.map((choice) => ({
    value: choice,
    label: choice === 'any' ? t('filter:radiusAny') : t('map:chip.radius', { km: choice }),
  }));

  return (
    <form
      className="filter"
      aria-labelledby="filter-title"
      data-testid="filter-screen"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canApply) return;
        applyFilter(draft);
        onDone();
      }}
    >
      <header className="filter__header">
        <h1 id="filter-title">{t('filter:title')}</h1>
        <Button variant="ghost" icon="arrowLeft" onClick={onDone} data-testid="filter-cancel">{t('filter:back')}</Button>
      </header>
      <FilterConnectors value={draft.connectorTypes} onChange={(connectorTypes) => setDraft({ ...draft, connectorTypes })} />
      <FilterPower key={resetCount} value={draft} onChange={setDraft} onValidity={setPowerValid} />
      <div className="filter-section">
        <ChoiceGroup
          legend={t('filter:radius')}
          name="radius"
          value={radiusChoiceOf(draft)}
          choices={radiusOptions}
          onChange={(choice) => setDraft(withRadiusChoice(draft, choice))}
          columns={2}
          testId="filter-radius"
        />
        <p className="muted small">{t('filter:radiusHint')}</p>
      </div>
      <fieldset className="filter-section filter-switches">
        <legend className="filter-section__legend">{t('filter:places')}</legend>
        <Switch
          label={t('filter:restricted')}
          description={t('filter:restrictedHint')}
          checked={draft.includeRestricted}
          onChange={(event) => setDraft({ ...draft, includeRestricted: event.target.checked })}
          data-testid="filter-restricted"
        />
        <Switch
          label={t('filter:roaming')}
          description={t('filter:roamingHint')}
          checked={draft.includeRoaming}
          onChange={(event) => setDraft({ ...draft, includeRoaming: event.target.checked })}
          data-testid="filter-roaming"
        />
        <Switch
          label={t('filter:onlyAvailable')}
          description={t('filter:onlyAvailableHint')}
          checked={draft.onlyAvailable}
          onChange={(event) => setDraft({ ...draft, onlyAvailable: event.target.checked })}
          data-testid="filter-only-available"
        />
      </fieldset>
      <div className="filter__actions">
        <Button
          variant="secondary"
          icon="refresh"
          onClick={() => {
            setDraft(defaultFilter);
            setPowerValid(true);
            setResetCount((n) => n + 1);
          }}
          data-testid="filter-reset"
        >
          {t('filter:reset')}
        </Button>
        <Button type="submit" variant="primary" icon="check" disabled={!canApply} data-testid="filter-apply">
          {t('filter:apply')}
        </Button>
      </div>
    </form>
  );
}
