import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { AvailabilityBadge } from '@/components/station/availability-badge';
import { FavouriteButton } from '@/components/station/favourite-button';
import { placeLines } from '@/components/station/place-text';
import { StationStateBadge } from '@/components/station/station-state-badge';
import { powerText } from '@/components/station/power-text';
import { Icon, type IconName } from '@/components/ui/icon';
import { openLoginDialog } from '@/lib/login-dialog';
import { writeFromClient } from '@/lib/storage';

/** Name, where it is, its one state (working, open or closed), and what kind of place it is. */
export function StationHeader({ station }: { station: StationDetail }) {
  const { t, i18n } = useTranslation('station');
  const { pathname, search } = useLocation();
  const place = placeLines(station);
  // SPEC §4: a visitor's heart opens the login dialog and brings them back here afterwards.
  function signIn() {
    writeFromClient(pathname + search);
    openLoginDialog();
  }
  const flags: { key: string; icon: IconName; text: string }[] = [
    { key: 'rfid', icon: 'card', text: station.supportsRfid ? t('station:flags.rfid') : t('station:flags.noRfid') },
  ];
  if (station.isRoaming) flags.push({ key: 'roaming', icon: 'globe', text: t('station:flags.roaming', { operator: station.roamingOperator ?? '—' }) });
  if (station.isLimitedAccess) flags.push({ key: 'limited', icon: 'lock', text: t('station:flags.limited') });
  if (station.isPrivate) flags.push({ key: 'private', icon: 'user', text: t('station:flags.private') });

  return (
    <header className="station-header card" data-testid="station-header">
      <div className="station-header__top">
        <div className="station-header__title">
          <h1>{station.name}</h1>
          <p className="muted small">{t('station:code', { code: station.code })}</p>
        </div>
        <FavouriteButton stationId={station.id} stationName={station.name} isFavourite={station.isFavourite} onSignIn={signIn} />
      </div>
      <p className="station-header__address" data-testid="station-address">
        <Icon name="pin" size={20} />
        <span>
          {place.address}
          {place.region && <><br /><span className="muted">{place.region}</span></>}
        </span>
      </p>
      <div className="station-header__status">
        <StationStateBadge station={station} />
        <AvailabilityBadge availability={station.availability} free={station.freeConnectors} total={station.totalConnectors} />
        <span className="station-header__power">
          <Icon name="bolt" size={16} />
          {t('station:upTo', { power: powerText(t, station.maxPowerKw, i18n.language) })}
        </span>
      </div>
      <ul className="station-flags" aria-label={t('station:flags.title')} data-testid="station-flags">
        {flags.map((flag) => (
          <li key={flag.key} data-flag={flag.key}>
            <Icon name={flag.icon} size={18} />
            <span>{flag.text}</span>
          </li>
        ))}
      </ul>
    </header>
  );
}
