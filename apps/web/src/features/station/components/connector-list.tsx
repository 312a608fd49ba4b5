import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { prechargingPath, reserveConnectorPath, rfidConnectorPath } from '@/app/charge-paths';
import { canReserve, canStartOnConnector } from '@/components/charge/charge-rules';
import { Card } from '@/components/ui/card';
import { ConnectorRow, type ReserveAction } from './connector-row';

type ConnectorListProps = {
  stationId: string;
  connectors: StationDetail['connectors'];
  /** A signed-in driver gets a start button on each connector that can take a session. */
  canStart: boolean;
  chosen: number | null;
  /** Scroll the chosen one into view; not while a visitor should first read the sign-in prompt. */
  shouldReveal: boolean;
  /**
   * SPEC §4 reserve: a free connector can be reserved (the quick 15 minutes while the station
   * is open, a chosen period where it supports one); a visitor is asked to sign in first.
   */
  canReserveHere: boolean;
  isSignedIn: boolean;
  /** SPEC §4 the RFID wizard: a signed-in driver binds a tag at a station with a reader. */
  canBindRfid: boolean;
  onSignInToReserve: (to: string) => void;
  utcOffsetMinutes: number;
};

/** Every connector with what a driver checks before plugging in; the QR's one stands out. */
export function ConnectorList({ stationId, connectors, canStart, chosen, shouldReveal, canReserveHere, isSignedIn, canBindRfid, onSignInToReserve, utcOffsetMinutes }: ConnectorListProps) {
  const { t } = useTranslation('station');
  const chosenRef = useRef<HTMLLIElement>(null);
  const sorted = [...connectors].sort((a, b) => a.number - b.number);

  // From a QR code the driver stands at that connector: show it without scrolling for it.
  useEffect(() => {
    if (shouldReveal) chosenRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen, shouldReveal]);

  function reserveAction(connector: StationDetail['connectors'][number]): ReserveAction | undefined {
    if (!canReserveHere || !canReserve(connector)) return undefined;
    const to = reserveConnectorPath(stationId, connector.number);
    return isSignedIn ? { to } : { onSignIn: () => onSignInToReserve(to) };
  }

  return (
    <Card title={t('station:connectors.title', { count: connectors.length })} testId="station-connectors">
      <ul className="connectors">
        {sorted.map((connector) => (
          <ConnectorRow
            key={connector.id}
            ref={connector.number === chosen ? chosenRef : undefined}
            connector={connector}
            isChosen={connector.number === chosen}
            startTo={canStart && canStartOnConnector(connector) ? prechargingPath(stationId, connector.number) : undefined}
            isStartHeld={canStart && !canStartOnConnector(connector) && connector.reservedUntil !== null}
            reserve={reserveAction(connector)}
            rfidTo={canBindRfid ? rfidConnectorPath(stationId, connector.number) : undefined}
            utcOffsetMinutes={utcOffsetMinutes}
            reservationTo={reserveConnectorPath(stationId, connector.number)}
          />
        ))}
      </ul>
    </Card>
  );
}
