import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { BIG_LOGO_SIZE, DEFAULT_ICON_URL } from '@/components/brand-logo';
import { useBrandQuery, useDocumentTitle } from '@/lib/brand';
import { afterFirstScreen } from '@/lib/first-screen';
import { yieldToMain } from '@/lib/yield';
import { useSession } from '@/lib/session';
import { useMediaQuery, WIDE_QUERY } from '@/lib/media-query';
import { useAppliedFilter } from '../model/filter-store';
import { useLocatedPosition, useMapView } from '../model/map-view-store';
import { useGeolocation } from '../model/use-geolocation';
import { listMarkIds, mapHighlight, noStationFocus, stationFocusReducer, type PointedStation, type Pointing } from '../model/station-focus';
import { FilterChips } from './filter-chips';
import { MapToolbar, type HomeView } from './map-toolbar';
import './map-home.css';

// Leaflet, supercluster and the map code load after the first screen (first-load JS
// budget, bench/RESULTS.md), alongside the brand that says where the map starts rather than after it;
// the list, the filter form and the station sheet load when first opened.
let mapViewModule: Promise<typeof import('./map-view')> | null = null;

/**
 * The stations' requests and Leaflet each take a phone a while to evaluate: one after the
 * other, each in a task of its own, rather than all in one long task.
 */
async function loadMapViewInSteps() {
  await import('../api/get-map-points');
  await yieldToMain();
  return import('./map-view');
}

function loadMapView() {
  mapViewModule ??= loadMapViewInSteps();
  return mapViewModule;
}

const MapView = lazy(() => loadMapView().then((m) => ({ default: m.MapView })));
const StationList = lazy(() => import('./station-list').then((m) => ({ default: m.StationList })));
const FilterPanel = lazy(() => import('./filter-panel').then((m) => ({ default: m.FilterPanel })));
const StationSheet = lazy(() => import('./station-sheet').then((m) => ({ default: m.StationSheet })));

/**
 * The map's place while its code and data load: the grid and the brand's mark, as the static
 * shell in index.html paints them before any script (app/boot-shell.ts), so nothing moves.
 */
function MapPlaceholder({ iconUrl = DEFAULT_ICON_URL }: { iconUrl?: string }) {
  return (
    <div className="map-home__placeholder" aria-hidden="true">
      <img className="map-home__logo" src={iconUrl} alt="" width={BIG_LOGO_SIZE} height={BIG_LOGO_SIZE} />
    </div>
  );
}

function readView(value: string | null): HomeView {
  return value === 'list' || value === 'filter' ? value : 'map';
}

/**
 * The map home (SPEC §2 empty path): map or list of the same stations, filters, locate me. From
 * 64rem wide (a laptop, a tablet held sideways) the list, its filters and a chosen station's
 * summary stand in a panel beside the map, as the web's charging maps do, and each side marks
 * the station pointed at on the other.
 */
export function MapHomePage() {
  // Not memoised by React Compiler: its caching code for this screen's two layouts would add to
  // the first load (bench first-load), and the lazy parts (map, list, sheet) memoise their own.
  'use no memo';
  const { t } = useTranslation('map');
  const [params, setParams] = useSearchParams();
  const view = readView(params.get('view'));
  const isSplit = useMediaQuery(WIDE_QUERY);
  const showsMap = view === 'map' || (isSplit && view === 'list') || (isSplit && view === 'filter');
  const session = useSession();
  const { data: brand, isError: isBrandError } = useBrandQuery();
  const filter = useAppliedFilter();
  const located = useLocatedPosition();
  const savedView = useMapView();
  const geolocation = useGeolocation();
  const [focus, dispatch] = useReducer(stationFocusReducer, noStationFocus);
  const selectedId = focus.selected?.id ?? null;
  const setSelectedId = useCallback((id: string | null) => dispatch({ type: 'select', station: id === null ? null : { id, place: null } }), []);
  const onMapHover = useCallback((ids: readonly string[] | null, by: Pointing) => dispatch({ type: 'map', by, ids }), []);
  const onListHover = useCallback((station: PointedStation | null, by: Pointing) => dispatch({ type: 'list', by, station }), []);
  // A row chosen beside the map opens the station's summary in the panel, and the map flies over it.
  const onListOpen = useCallback((station: PointedStation) => dispatch({ type: 'select', station }), []);
  const [hasShownMap, setHasShownMap] = useState(showsMap);
  const panelRef = useRef<HTMLDivElement>(null);
  // The map's code loads after the first screen, even when the brand (from the page) already
  // says where it starts; coming back to the map, its code is there and it shows at once.
  const [isMapDue, setMapDue] = useState(() => mapViewModule !== null);
  useDocumentTitle(t('map:title'));

  // Once shown, the map stays (hidden behind the list on a phone) so it keeps where it was.
  if (showsMap && !hasShownMap) setHasShownMap(true);

  useEffect(() => {
    // A failure here shows where the map renders (its error boundary), not here.
    if (!showsMap) return;
    afterFirstScreen()
      .then(() => {
        setMapDue(true);
        return loadMapView();
      })
      .catch(() => undefined);
  }, [showsMap]);

  function showView(next: HomeView) {
    setSelectedId(null);
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === 'map') copy.delete('view');
      else copy.set('view', next);
      return copy;
    });
  }

  /**
   * The summary closed beside the list: focus goes back to the station's row (WCAG 2.4.3), or,
   * were it no longer listed, to the list's first row, not lost on the page.
   */
  function closeSheet() {
    const closed = selectedId;
    setSelectedId(null);
    if (!isSplit || !closed) return;
    requestAnimationFrame(() => {
      const panel = panelRef.current;
      const link =
        panel?.querySelector<HTMLElement>(`.station-list__row[data-station-id="${CSS.escape(closed)}"] a`) ??
        panel?.querySelector<HTMLElement>('.station-list__row a');
      link?.focus();
    });
  }

  // The map needs a place to start: where it was, else the brand's centre; with no brand at
  // all (offline first visit) the whole region of our countries.
  const initialView = savedView ?? (brand ? { center: { lat: brand.map.center[0], lng: brand.map.center[1] }, zoom: brand.map.zoom } : null);
  const startView = initialView ?? (isBrandError ? { center: { lat: 45, lng: 55 }, zoom: 3 } : null);
  const origin = located ?? startView?.center ?? null;

  if (view === 'filter' && !isSplit) {
    return (
      <div className="map-home map-home--filter" data-testid="home-page" data-view="filter">
        <Suspense fallback={<Spinner label={t('common:loading')} />}>
          <FilterPanel onDone={() => showView('map')} />
        </Suspense>
      </div>
    );
  }

  const controls = (
    <>
      <MapToolbar view={view} onView={showView} geolocation={geolocation} hasViewToggle={!isSplit} />
      <FilterChips />
      {geolocation.problem && (
        <div className="map-home__notice">
          <Alert tone="warning" testId="locate-error">
            <p>{t(`map:locate.${geolocation.problem}`)}</p>
            <button type="button" className="map-home__dismiss" onClick={geolocation.dismiss} data-testid="locate-error-dismiss">
              {t('map:locate.dismiss')}
            </button>
          </Alert>
        </div>
      )}
    </>
  );

  const sheet = selectedId && showsMap && (
    <Suspense fallback={null}>
      <StationSheet id={selectedId} located={located} onClose={closeSheet} isInPanel={isSplit} />
    </Suspense>
  );

  const list = origin && (
    <Suspense fallback={null}>
      <StationList
        filter={filter}
        origin={origin}
        isLocated={located !== null}
        isSignedIn={session !== null}
        markedIds={isSplit ? listMarkIds(focus) : null}
        onHover={isSplit ? onListHover : undefined}
        onOpen={isSplit ? onListOpen : undefined}
      />
    </Suspense>
  );

  const stage = (
    <div className="map-home__stage" hidden={!showsMap} data-testid="map-stage">
      {hasShownMap && startView && isMapDue ? (
        <Suspense fallback={<MapPlaceholder iconUrl={brand?.iconUrl} />}>
          <MapView
            initialView={startView}
            brandMap={brand?.map}
            filter={filter}
            isSignedIn={session !== null}
            located={located}
            selectedId={selectedId}
            onSelect={setSelectedId}
            isVisible={showsMap}
            isSplit={isSplit}
            highlighted={isSplit ? mapHighlight(focus) : null}
            centreOn={isSplit ? (focus.selected?.place ?? null) : null}
            onHover={isSplit ? onMapHover : undefined}
          />
        </Suspense>
      ) : (
        <MapPlaceholder iconUrl={brand?.iconUrl} />
      )}
      {!isSplit && sheet}
    </div>
  );

  // One tree for both layouts: below 64rem the panel's boxes step aside (display: contents) and
  // the controls, the list and the map follow one another as a phone shows them.
  return (
    <div className={isSplit ? 'map-home map-home--split' : 'map-home'} data-testid="home-page" data-view={view} data-layout={isSplit ? 'split' : undefined}>
      <h1 className="visually-hidden">{t('map:title')}</h1>
      <div className="map-home__panel" data-testid="map-panel">
        <div className="map-home__controls">{controls}</div>
        <div className="map-home__panel-body" ref={panelRef} data-scroll-panel>
          {view === 'filter' ? (
            <Suspense fallback={<Spinner label={t('common:loading')} />}>
              <FilterPanel onDone={() => showView('map')} />
            </Suspense>
          ) : (
            <>
              {isSplit && sheet}
              {(isSplit || view === 'list') && <div className="map-home__list" hidden={isSplit && selectedId !== null}>{list}</div>}
            </>
          )}
        </div>
      </div>
      {stage}
    </div>
  );
}
