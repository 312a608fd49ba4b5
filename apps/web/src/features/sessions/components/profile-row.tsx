import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { profilePowerCapW, type ChargingProfile } from '@evcharge/domain/charging';
import { chargeProfilePath } from '@/app/charge-paths';
import { powerKwText } from '@/components/charge/charge-text';
import { Icon } from '@/components/ui/icon';

type Connector = StationDetail['connectors'][number];

/** The charging profile chosen, with its power here, and the way to change it. */
export function ProfileRow({ stationId, connector, profile }: { stationId: string; connector: Connector; profile: ChargingProfile }) {
  const { t, i18n } = useTranslation('charging');
  const capW = profilePowerCapW(profile, connector) ?? Math.round(connector.powerKw * 1000);
  return (
    <Link to={chargeProfilePath(stationId, connector.number)} state={{ fromPrecharging: true }} className="profile-row" data-testid="precharge-profile" data-profile={profile}>
      <span className={`profile-row__icon profile-row__icon--${profile}`} aria-hidden="true"><Icon name="bolt" size={22} /></span>
      <span className="profile-row__text">
        <span className="muted small">{t('charging:profile.label')}</span>
        <span className="profile-row__name">{t(`charging:profile.${profile}.name`)}</span>
        <span className="muted small">{t('charging:profile.upTo', { power: powerKwText(t, capW, i18n.language) })}</span>
      </span>
      <span className="profile-row__change">{t('charging:profile.change')}</span>
      <Icon name="chevronRight" className="profile-row__chevron" />
    </Link>
  );
}
