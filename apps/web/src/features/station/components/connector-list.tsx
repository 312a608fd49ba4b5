import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { prechargingPath } from '@/app/charge-paths';
import { canStartCharging } from '@/components/charge/charge-rules';
import { Card } from '@/components/ui/card';
import { ConnectorRow } from './connector-row';

type ConnectorListProps = {
  stationId: string;
  connectors: StationDetail['connectors'];
  /** A signed-in driver gets a start button on each connector that can take a session. */
  canStart: boolean;
  chosen: number | null;
  /** Scroll the chosen one into view; not while a visitor should first read the sign-in prompt. */
  shouldReveal: boolean;
};

/** Every connector with what a driver checks before plugging in; the QR's one stands out. */
export function ConnectorList({ stationId, connectors, canStart, chosen, shouldReveal }: ConnectorListProps) {
  const { t } = useTranslation('station');
  const chosenRef = useRef<HTMLLIElement>(null);
  const sorted = [...connectors].sort((a, b) => a.number - b.number);

  // From a QR code the driver stands at that connector: show it without scrolling for it.
  useEffect(() => {
    if (shouldReveal) chosenRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen, shouldReveal]);

  return (
    <Card title={t('station:connectors.title', { count: connectors.length })} testId="station-connectors">
      <ul className="connectors">
        {sorted.map((connector) => (
          <ConnectorRow
            key={connector.id}
            ref={connector.number === chosen ? chosenRef : undefined}
            connector={connector}
            isChosen={connector.number === chosen}
            startTo={canStart && canStartCharging(connector.status) ? prechargingPath(stationId, connector.number) : undefined}
          />
        ))}
      </ul>
    </Card>
  );
}
