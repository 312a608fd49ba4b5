import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { chargeClass, type ChargeClass } from '@evcharge/domain/charge-class';
import {
  isConnectorFree,
  stationAvailability,
  stationLabel,
  type Availability,
  type ConnectorStatus,
  type StationLabel,
} from '@evcharge/domain/connector-status';
import type { Sharing } from '@evcharge/domain/private-station';
import type { CurrentType, SocketTypeId } from '@evcharge/domain/socket-type';

/** A connector as the read model keeps it (lists and the map). */
export type ConnectorRow = {
  id: string;
  number: number;
  socketType: SocketTypeId;
  currentType: CurrentType;
  /** Integer watts in the database, so 7.4 kW stays exact. */
  powerW: number;
  amperage: number;
  status: ConnectorStatus;
};

/**
 * A connector on the station's own screen, which says since when its status holds. The read
 * model leaves the time out: nothing in lists or the map shows it, and kept for every connector
 * it was a `Date` object each (200,000 at 100,000 stations) for every full collection to mark.
 */
export type ConnectorDetailRow = ConnectorRow & { statusAt: Date };

/** What lists and the map need of a station (the read model holds one per station). */
export type StationRow = {
  id: string;
  code: string;
  name: string;
  address: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  supportsRfid: boolean;
  isRoaming: boolean;
  roamingOperator: string | null;
  isLimitedAccess: boolean;
  isPrivate: boolean;
  ownerUserId: string | null;
  utcOffsetMinutes: number;
  /** A private station's terms for other drivers (domain/private-station.ts); null: none. */
  sharing: Sharing | null;
  /** The label the operator set; 'works' leaves it to the connectors. */
  state: StationLabel;
  /** By number. */
  connectors: ConnectorRow[];
};

export type StationFacts = {
  availability: Availability;
  label: StationLabel;
  chargeClass: ChargeClass;
  maxPowerKw: number;
  freeConnectors: number;
  totalConnectors: number;
};

export const powerKwOf = (powerW: number) => powerW / 1000;

/**
 * SPEC §4 station label. Opening soon and under repair are the operator's flags (domain
 * rules); an operator's 'notWorking' also holds whatever the connectors last said, because
 * the operator knows the station is switched off before its connectors report it.
 */
export function labelOf(state: StationLabel, statuses: readonly ConnectorStatus[]): StationLabel {
  if (state === 'notWorking') return 'notWorking';
  return stationLabel(statuses, {
    isOpeningSoon: state === 'openingSoon',
    isUnderRepair: state === 'underRepair',
  });
}

// A station is as fast as its fastest connector: a hub with one DC post is a fast stop.
const classRank: Record<ChargeClass, number> = { slow: 0, normal: 1, fast: 2 };

export function stationFacts(row: Pick<StationRow, 'state' | 'connectors'>): StationFacts {
  const statuses = row.connectors.map((c) => c.status);
  const label = labelOf(row.state, statuses);
  let best: ChargeClass = row.connectors.length === 0 ? 'normal' : 'slow';
  let maxPowerW = 0;
  for (const connector of row.connectors) {
    const connectorClass = chargeClass({
      currentType: connector.currentType,
      powerKw: powerKwOf(connector.powerW),
    });
    if (classRank[connectorClass] > classRank[best]) best = connectorClass;
    if (connector.powerW > maxPowerW) maxPowerW = connector.powerW;
  }
  return {
    availability: label === 'works' ? stationAvailability(statuses) : 'offline',
    label,
    chargeClass: best,
    maxPowerKw: powerKwOf(maxPowerW),
    freeConnectors: statuses.filter(isConnectorFree).length,
    totalConnectors: statuses.length,
  };
}

/** The list item of a station, all but the distance (which depends on the query). */
export function summaryOf(row: StationRow): Omit<StationSummary, 'distanceKm'> {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    ...stationFacts(row),
    connectors: row.connectors.map((c) => ({
      socketType: c.socketType,
      currentType: c.currentType,
      powerKw: powerKwOf(c.powerW),
      status: c.status,
    })),
    isRoaming: row.isRoaming,
    roamingOperator: row.roamingOperator,
    isLimitedAccess: row.isLimitedAccess,
    isPrivate: row.isPrivate,
    supportsRfid: row.supportsRfid,
  };
}
