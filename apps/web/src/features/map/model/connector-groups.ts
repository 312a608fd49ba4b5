import { chargeClass } from '@evcharge/domain/charge-class';
import { isConnectorFree, type ConnectorStatus } from '@evcharge/domain/connector-status';
import { socketTypeLabel, type CurrentType, type SocketTypeId } from '@evcharge/domain/socket-type';

type Connector = { socketType: SocketTypeId; currentType: CurrentType; powerKw: number; status: ConnectorStatus };

export type ConnectorGroup = {
  key: string;
  label: string;
  currentType: CurrentType;
  powerKw: number;
  isFast: boolean;
  free: number;
  total: number;
};

/** "CCS2 · 150 kW DC · 1 of 2 free": same plugs together, most powerful first. */
export function connectorGroups(connectors: readonly Connector[]): ConnectorGroup[] {
  const groups = new Map<string, ConnectorGroup>();
  for (const connector of connectors) {
    const key = `${connector.socketType}:${connector.currentType}:${connector.powerKw}`;
    const group = groups.get(key) ?? {
      key,
      label: socketTypeLabel(connector.socketType),
      currentType: connector.currentType,
      powerKw: connector.powerKw,
      isFast: chargeClass(connector) === 'fast',
      free: 0,
      total: 0,
    };
    group.total += 1;
    if (isConnectorFree(connector.status)) group.free += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.powerKw - a.powerKw || a.label.localeCompare(b.label));
}
