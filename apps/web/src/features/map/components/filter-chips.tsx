import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import type { TFunction } from 'i18next';
import { Icon } from '@/components/ui/icon';
import { formatNumber } from '@/lib/format-number';
import { useSession } from '@/lib/session';
import { activeFilterChips, withoutChip, type FilterChip } from '../model/filter-chips';
import { applyFilter, useAppliedFilter } from '../model/filter-store';
import { filterHref } from '../model/filter-link';

export function chipText(t: TFunction, chip: FilterChip, language: string): string {
  const kw = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  switch (chip.kind) {
    case 'connectorTypes': {
      const labels = chip.types.map(socketTypeLabel);
      return labels.length <= 3 ? labels.join(', ') : t('map:chip.typesMore', { list: labels.slice(0, 2).join(', '), count: labels.length - 2 });
    }
    case 'power':
      if (chip.min !== null && chip.max !== null) return t('map:chip.powerRange', { min: kw(chip.min), max: kw(chip.max) });
      return chip.min !== null ? t('map:chip.powerMin', { min: kw(chip.min ?? 0) }) : t('map:chip.powerMax', { max: kw(chip.max ?? 0) });
    case 'radius':
      return t('map:chip.radius', { km: kw(chip.km) });
    default:
      return t(`map:chip.${chip.kind}`);
  }
}

/** The filter in force, visible over the map and the list; each part can be dropped in a tap. */
export function FilterChips() {
  const { t, i18n } = useTranslation('map');
  const session = useSession();
  const filter = useAppliedFilter();
  const chips = activeFilterChips(filter);
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" data-testid="filter-chips">
      <ul className="filter-chips__list" aria-label={t('map:activeFilters')}>
        {chips.map((chip) => {
          const text = chipText(t, chip, i18n.language);
          return (
            <li key={chip.kind}>
              <button
                type="button"
                className="chip"
                onClick={() => applyFilter(withoutChip(filter, chip.kind))}
                aria-label={t('map:removeChip', { name: text })}
                data-testid={`filter-chip-${chip.kind}`}
              >
                <span>{text}</span>
                <Icon name="close" size={16} />
              </button>
            </li>
          );
        })}
      </ul>
      <Link to={filterHref(session !== null)} className="filter-chips__edit" data-testid="filter-chips-edit">{t('map:editFilters')}</Link>
    </div>
  );
}
