import { useTranslation } from 'react-i18next';
import type { Charge, ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { SessionChart } from '@/components/charge/session-chart';
import { Card } from '@/components/ui/card';
import {
  isChargingClockRunning,
  isParkingClockRunning,
  sessionSeconds,
} from '../model/session-clock';
import { useNow } from '../model/use-now';
import { ChargeLoyaltyNote } from './charge-loyalty-note';
import { LimitProgress } from './limit-progress';
import { LiveFigures } from './live-figures';
import { OfflineFiguresNote } from './offline-figures-note';
import { ParkingCard } from './parking-card';
import { RemainingTime } from './remaining-time';
import { SessionHeading } from './session-heading';
import { StopControls } from './stop-controls';

type LiveSessionProps = {
  charge: Charge;
  samples: ChargeDetail['samples'] | undefined;
  receivedAt: number;
};

/** A running session (charging, paused by the car or the station, finishing, or parked). */
export function LiveSession({ charge, samples, receivedAt }: LiveSessionProps) {
  const { t } = useTranslation('charging');
  const now = useNow(
    isChargingClockRunning(charge) ||
      isParkingClockRunning(charge) ||
      charge.remainingMinutes !== null,
  );
  const seconds = sessionSeconds(charge, receivedAt, now);
  const canStop =
    charge.status === 'charging' ||
    charge.status === 'suspendedev' ||
    charge.status === 'suspendedevse';
  return (
    <div className="live-session" data-status={charge.status}>
      <div className="live-session__main">
        <SessionHeading charge={charge} />
        <p className="live-session__hint" data-testid="status-hint">
          {t(`charging:statusHint.${charge.status}`)}
        </p>
        <OfflineFiguresNote receivedAt={receivedAt} />
        {charge.meterNote === 'implausible' && (
          <p className="live-session__meter-note" role="status" data-testid="meter-anomaly-note">
            {t('charging:meterAnomaly')}
          </p>
        )}
        <LiveFigures charge={charge} chargingSeconds={seconds.charging} now={now} />
        {charge.loyalty && (
          <ChargeLoyaltyNote loyalty={charge.loyalty} currency={charge.currency} stage="live" />
        )}
        <ParkingCard charge={charge} parkingSeconds={seconds.parking} />
        {charge.status !== 'parking' && (
          <LimitProgress charge={charge} chargingSeconds={seconds.charging} />
        )}
        {canStop && (
          <div className="live-session__actions">
            <StopControls charge={charge} />
            <RemainingTime charge={charge} now={now} />
          </div>
        )}
      </div>
      <div className="live-session__side">
        <Card title={t('charging:chart.title')} testId="live-chart">
          <SessionChart
            samples={samples ?? []}
            utcOffsetMinutes={charge.station.utcOffsetMinutes}
          />
        </Card>
      </div>
    </div>
  );
}
