import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { formatNumber } from '@/lib/format';
import { directionLinks } from './directions';
import './station-directions.css';

type Place = { lat: number; lng: number; name: string };

/** Hand-off to the phone's maps for the route: the app does not navigate itself. Texts: `station`. */
export function StationDirections({ station }: { station: Place }) {
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
