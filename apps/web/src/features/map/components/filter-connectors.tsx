import { useTranslation } from 'react-i18next';
import { socketTypeIds, socketTypes, type SocketTypeId } from '@evcharge/domain/socket-type';
import { FieldError } from '@/components/ui/field-error';

type FilterConnectorsProps = { value: SocketTypeId[]; onChange: (value: SocketTypeId[]) => void };

/** SPEC §5: at least one connector type; an empty choice is named, not silently refused. */
export function FilterConnectors({ value, onChange }: FilterConnectorsProps) {
  const { t } = useTranslation(['filter', 'map']);
  const isEmpty = value.length === 0;
  const toggle = (id: SocketTypeId, isOn: boolean) =>
    onChange(socketTypeIds.filter((type) => (type === id ? isOn : value.includes(type))));
  return (
    <fieldset className="filter-section" aria-describedby={isEmpty ? 'filter-connectors-error' : undefined} data-testid="filter-connectors">
      <legend className="filter-section__legend">{t('filter:connectors')}</legend>
      <div className="filter-section__quick">
        <button type="button" className="link-button" onClick={() => onChange([...socketTypeIds])} data-testid="filter-connectors-all">
          {t('filter:selectAll')}
        </button>
        <button type="button" className="link-button" onClick={() => onChange([])} data-testid="filter-connectors-none">
          {t('filter:clearAll')}
        </button>
      </div>
      <div className="filter-connectors">
        {socketTypeIds.map((id) => (
          <label key={id} className="plug-option">
            <input
              type="checkbox"
              className="plug-option__input"
              checked={value.includes(id)}
              onChange={(event) => toggle(id, event.target.checked)}
              data-testid={`filter-connector-${id}`}
            />
            <span className="plug-option__text">
              <span className="plug-option__label">{socketTypes[id].label}</span>
              <span className="plug-option__current">{socketTypes[id].currentTypes.join(' / ')}</span>
            </span>
          </label>
        ))}
      </div>
      {isEmpty && (
        <FieldError id="filter-connectors-error" isAlert testId="filter-connectors-error">
          {t('filter:noConnectorTypes')}
        </FieldError>
      )}
    </fieldset>
  );
}
