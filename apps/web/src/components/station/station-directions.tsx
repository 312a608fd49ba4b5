import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { formatNumber } from '@/lib/format';
import { directionLinks } from './directions';
import './station-directions.css';

type Place = { lat: number; lng: number; name: string };

// Leaflet comes with the small map only, after the page has its text: the station page is
// preloaded with the map home, which must not load Leaflet before its first screen.
const StationMiniMap = lazy(() => import('./station-mini-map').then((module) => ({ default: module.StationMiniMap })));

/**
 * Where the station is (a small map, with `hasMap`) and the hand-off to the phone's maps for
 * the route: the app does not navigate itself. Texts: `station`.
 */
export function StationDirections({ station, hasMap = false }: { station: Place; hasMap?: boolean }) {
  const { t, i18n } = useTranslation('station');
  const links = directionLinks(station);
  const coordinate = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 5, minimumFractionDigits: 5 });
  const external = [
    { key: 'google', href: links.google, label: 'Google Maps' },
    { key: 'apple', href: links.apple, label: 'Apple Maps' },
    { key: 'yandex', href: links.yandex, label: t('station:directions.yandex') },
  ];
  return (
    <Card title={t('station:directions.title')} testId="station-directions">
      {hasMap && (
        <Suspense fallback={<div className="mini-map mini-map--loading" />}>
          <StationMiniMap station={station} />
        </Suspense>
      )}
      <a className="directions__primary button button--primary" href={links.geo} data-testid="directions-geo">
        <Icon name="navigation" size={20} />
        <span>{t('station:directions.mapsApp')}</span>
      </a>
      <ul className="directions__links">
        {external.map((link) => (
          <li key={link.key}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid={`directions-${link.key}`}>
              <Icon name="route" size={18} />
              <span>{link.label}</span>
              <span className="visually-hidden">{t('station:directions.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('station:directions.coordinates', { lat: coordinate(station.lat), lng: coordinate(station.lng) })}</p>
    </Card>
  );
}
