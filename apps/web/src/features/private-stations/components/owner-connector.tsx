import { useTranslation } from 'react-i18next';
import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import { connectorAvailability } from '@evcharge/domain/connector-status';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { useSetAvailabilityMutation } from '../api/set-availability';

type Connector = PrivateStation['connectors'][number];

/**
 * A connector as its owner sees it: the live status, a fault with the charge point's error
 * code, and taking it out of service or back (OCPP ChangeAvailability).
 */
export function OwnerConnector({ connector, isOnline, power, socket }: { connector: Connector; isOnline: boolean; power: string; socket: string }) {
  const { t } = useTranslation('profile');
  const mutation = useSetAvailabilityMutation();
  const isOut = connector.status === 'unavailable';
  const next = isOut ? 'available' : 'unavailable';
  const availability = connectorAvailability(connector.status);
  return (
    <li className="owner-connector" data-testid="owner-connector" data-status={connector.status} data-connector={connector.number}>
      <div className="owner-connector__head">
        <span className="owner-connector__number" aria-hidden="true">{connector.number}</span>
        <span className="owner-connector__name">
          <span className="visually-hidden">{t('station:connectors.number', { number: connector.number })} </span>
          {socket} · {power}
        </span>
      </div>
      <p className={`owner-connector__status owner-connector__status--${availability}`} data-testid="owner-connector-status">
        <span className="owner-connector__dot" aria-hidden="true" />
        {t(`station:status.${connector.status}`)}
      </p>
      {connector.fault && (
        <p className="owner-connector__fault small" data-testid="owner-connector-fault">
          {connector.fault.info
            ? t('profile:privateStations.station.faultInfo', { code: connector.fault.errorCode, info: connector.fault.info })
            : t('profile:privateStations.station.fault', { code: connector.fault.errorCode })}
        </p>
      )}
      <Button
        variant="secondary"
        icon={isOut ? 'check' : 'lock'}
        className="owner-connector__toggle"
        disabled={!isOnline}
        isLoading={mutation.isPending}
        onClick={() => mutation.mutate({ connectorId: connector.id, status: next })}
        data-testid="owner-connector-toggle"
      >
        {isOut ? t('profile:privateStations.station.putBack') : t('profile:privateStations.station.takeOut')}
      </Button>
      {mutation.data?.result === 'Scheduled' && <p className="muted small" role="status">{t('profile:privateStations.station.scheduled')}</p>}
      {mutation.isError && <Alert tone="error"><p>{errorText(t, mutation.error)}</p></Alert>}
    </li>
  );
}
