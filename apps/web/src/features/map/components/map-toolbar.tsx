import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/lib/session';
import { activeFilterChips } from '../model/filter-chips';
import { useAppliedFilter } from '../model/filter-store';
import { filterHref } from '../model/filter-link';
import type { Geolocation } from '../model/use-geolocation';
import './map-toolbar.css';

export type HomeView = 'map' | 'list' | 'filter';

type MapToolbarProps = {
  view: HomeView;
  onView: (view: HomeView) => void;
  geolocation: Geolocation;
  /** False beside the map (the split view), where the list and the map both show. */
  hasViewToggle?: boolean;
};

/** Map/List toggle (the list is the screen-reader way to the stations), locate me, filters. */
export function MapToolbar({ view, onView, geolocation, hasViewToggle = true }: MapToolbarProps) {
  const { t } = useTranslation('map');
  const session = useSession();
  const count = activeFilterChips(useAppliedFilter()).length;
  return (
    <div className="map-toolbar">
      {hasViewToggle && (
        <div className="segmented" role="group" aria-label={t('map:viewLabel')}>
          <button type="button" className="segmented__option" aria-pressed={view === 'map'} onClick={() => onView('map')} data-testid="view-map">
            <Icon name="map" size={20} />
            <span>{t('map:viewMap')}</span>
          </button>
          <button type="button" className="segmented__option" aria-pressed={view === 'list'} onClick={() => onView('list')} data-testid="view-list">
            <Icon name="list" size={20} />
            <span>{t('map:viewList')}</span>
          </button>
        </div>
      )}
      <button
        type="button"
        className="toolbar-button"
        onClick={geolocation.locate}
        aria-busy={geolocation.isLocating || undefined}
        data-testid="locate-me"
      >
        <Icon name="locate" size={20} className={geolocation.isLocating ? 'toolbar-button__spin' : undefined} />
        <span className="toolbar-button__text">{t('map:locateMe')}</span>
      </button>
      <Link to={filterHref(session !== null)} className="toolbar-button toolbar-button--filter" data-testid="open-filter">
        <Icon name="filter" size={20} />
        <span className="toolbar-button__text">{t('map:filters')}</span>
        {count > 0 && (
          <span className="toolbar-button__count">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t('map:activeCount', { count })}</span>
          </span>
        )}
      </Link>
    </div>
  );
}
