import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chargingProfiles, profilePowerCapW, type ChargingProfile } from '@evcharge/domain/charging';
import { prechargingPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { powerKwText } from '@/components/charge/charge-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { useDocumentTitle } from '@/lib/brand';
import { useStationQuery } from '@/lib/station-query';
import { setChargingProfile, useChargingProfile } from '../model/precharge-store';
import '@/components/charge/charge.css';
import './charging.css';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * chargeProfile (SPEC §2): how hard to charge. `?station=&connector=` name the connector the
 * driver is starting on, so each profile shows its power there; the choice is kept and the
 * driver goes back to precharging with it.
 */
export function ChargeProfilePage() {
  const { t, i18n } = useTranslation('charging');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const stationId = params.get('station') ?? '';
  const number = Number(params.get('connector'));
  const query = useStationQuery(GUID.test(stationId) ? stationId : null, true);
  const connector = query.data?.connectors.find((c) => c.number === number) ?? null;
  const profile = useChargingProfile();
  useDocumentTitle(t('charging:profile.title'));

  const back = connector ? prechargingPath(stationId, connector.number) : paths.charging;
  // Opened from precharging: going back returns there, so Back does not lead here again.
  const cameFromPrecharging = (location.state as { fromPrecharging?: boolean } | null)?.fromPrecharging === true;
  const done = () => (cameFromPrecharging ? navigate(-1) : navigate(back, { replace: true }));
  const capText = (choice: ChargingProfile) => {
    if (!connector) return null;
    const capW = profilePowerCapW(choice, connector);
    return capW === undefined
      ? t('charging:profile.noCap', { power: powerKwText(t, connector.powerKw * 1000, i18n.language) })
      : t('charging:profile.cap', { power: powerKwText(t, capW, i18n.language) });
  };
  const choices = chargingProfiles.map((choice) => ({
    value: choice,
    testId: `profile-${choice}`,
    label: t(`charging:profile.${choice}.name`),
    description: (
      <>
        <span className="profile-choice__text">{t(`charging:profile.${choice}.text`)}</span>
        {capText(choice) && <strong className="profile-choice__cap" data-testid={`profile-cap-${choice}`}>{capText(choice)}</strong>}
      </>
    ),
  }));

  return (
    <div className="charge-profile stack" data-testid="charge-profile-page">
      <Button variant="ghost" icon="arrowLeft" className="charging-back" onClick={done} data-testid="profile-back">{t('charging:profile.back')}</Button>
      <header className="stack-s">
        <h1>{t('charging:profile.title')}</h1>
        <p className="muted">{t('charging:profile.intro')}</p>
      </header>
      <Card>
        <ChoiceGroup
          legend={t('charging:profile.legend')}
          name="charging-profile"
          value={profile}
          choices={choices}
          columns={1}
          onChange={setChargingProfile}
          testId="profile-choices"
        />
      </Card>
      <p className="muted small">{t('charging:profile.carNote')}</p>
      <Button variant="primary" icon="check" className="charge-profile__done" onClick={done} data-testid="profile-done">
        {t('charging:profile.done')}
      </Button>
    </div>
  );
}
