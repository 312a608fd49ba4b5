import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { socketTypeLabel } from '@evcharge/domain/socket-type';
import { stationPath } from '@/app/paths';
import { AvailabilityBadge } from '@/components/station/availability-badge';
import { addressWithCity } from '@/components/station/place-text';
import { distanceText, powerText } from '@/components/station/power-text';
import { Icon } from '@/components/ui/icon';
import './station-item.css';

type StationListItemProps = {
  station: StationSummary;
  /**
   * Where the screen shows a station's summary beside the list (the map home on a wide screen):
   * a plain click or Enter opens it there; a click with a modifier key or the middle button
   * still opens the station page, in a new tab or window as the browser does with links.
   */
  onOpen?: (station: StationSummary) => void;
};

/**
 * One station as one link: its text says everything the marker's colour and glyph say. Texts of
 * the `map` namespace: a screen showing it loads that namespace.
 */
export function StationListItem({ station, onOpen }: StationListItemProps) {
  const { t, i18n } = useTranslation('map');
  const plugs = [...new Set(station.connectors.map((c) => socketTypeLabel(c.socketType)))];
  return (
    <Link
      to={stationPath(station.id)}
      className="station-item"
      data-testid="station-list-item"
      data-station-id={station.id}
      onClick={
        onOpen &&
        ((event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(station);
        })
      }
    >
      <span className="station-item__head">
        <span className="station-item__name">{station.name}</span>
        {station.distanceKm !== null && (
          <span className="station-item__distance" data-testid="station-list-distance">{distanceText(station.distanceKm, i18n.language)}</span>
        )}
      </span>
      <span className="station-item__address">{addressWithCity(station.address, station.city)}</span>
      <span className="station-item__facts">
        <AvailabilityBadge availability={station.availability} free={station.freeConnectors} total={station.totalConnectors} />
        {station.label !== 'works' && <span className="badge badge--warning">{t(`common:stationLabel.${station.label}`)}</span>}
        <span className="station-item__power" data-testid="station-list-power" data-max-power={station.maxPowerKw}>
          <Icon name={station.chargeClass === 'fast' ? 'bolt' : 'plug'} size={16} />
          {t('map:upTo', { power: powerText(t, station.maxPowerKw, i18n.language) })}
          {station.chargeClass !== 'normal' && ` · ${t(`common:chargeClass.${station.chargeClass}`)}`}
        </span>
      </span>
      <span className="station-item__plugs">{plugs.join(' · ')}</span>
    </Link>
  );
}
