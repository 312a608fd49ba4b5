import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { addTiles, showAttribution, tileAttribution } from '@/components/map/leaflet-tiles';
import { useBrandQuery } from '@/lib/brand';
import './station-mini-map.css';

type Place = { lat: number; lng: number; name: string };

/**
 * Where the station is, on a small still map with one marker: Leaflet with the brand's tiles,
 * loaded only with this component (station-directions.tsx), never with the map home's first
 * screen. It takes no gestures, so scrolling the page over it scrolls the page; the route is
 * the directions' links. Texts: `station`.
 */
export function StationMiniMap({ station }: { station: Place }) {
  const { t } = useTranslation('station');
  const { data: brand } = useBrandQuery();
  const elementRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const { lat, lng } = station;

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const created = L.map(element, {
      center: [lat, lng],
      zoom: 15,
      zoomControl: false,
      attributionControl: false,
      dragging: false,
      touchZoom: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
      fadeAnimation: false,
    });
    L.control.attribution({ position: 'bottomright', prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(created);
    L.circleMarker([lat, lng], { radius: 11, weight: 3, className: 'mini-map__marker', interactive: false }).addTo(created);
    setMap(created);
    return () => {
      setMap(null);
      created.remove();
    };
  }, [lat, lng]);

  const brandMap = brand?.map;
  useEffect(() => {
    if (!map || !brandMap) return;
    const tiles = addTiles(map, brandMap);
    return () => void tiles.remove();
  }, [map, brandMap]);

  const attribution = brandMap ? tileAttribution(brandMap.attribution, (osm) => t('station:directions.attributionOsm', { osm })) : null;
  useEffect(() => {
    if (map && attribution) return showAttribution(map, attribution);
  }, [map, attribution]);

  return (
    <div
      ref={elementRef}
      className="mini-map"
      role="group"
      aria-label={t('station:directions.mapLabel', { name: station.name })}
      data-testid="station-mini-map"
    />
  );
}
