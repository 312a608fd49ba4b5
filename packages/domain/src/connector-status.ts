import { z } from 'zod';

// SPEC §4: connector and session status names, as the app and API spell them.
// suspendedev waits for the car, suspendedevse waits for the station; parking, success and
// cancelled are session states (the car is done but still plugged; finished; cancelled).
export const connectorStatuses = [
  'available',
  'preparing',
  'charging',
  'suspendedev',
  'suspendedevse',
  'finishing',
  'reserved',
  'unavailable',
  'faulted',
  'parking',
  'success',
  'cancelled',
] as const;
export type ConnectorStatus = (typeof connectorStatuses)[number];
export const connectorStatusSchema = z.enum(connectorStatuses);

export function isConnectorStatus(value: unknown): value is ConnectorStatus {
  return typeof value === 'string' && (connectorStatuses as readonly string[]).includes(value);
}

// SPEC §4: the numeric status enum. 1-9 are connector states, 10-13 station labels.
export const statusCode = {
  Available: 1,
  Unavailable: 2,
  Preparing: 3,
  Charging: 4,
  SuspendedEVSE: 5,
  SuspendedEV: 6,
  Finishing: 7,
  Reserved: 8,
  Faulted: 9,
  Works: 10,
  NotWorking: 11,
  UnderRepair: 12,
  OpeningSoon: 13,
} as const;
export type StatusCodeName = keyof typeof statusCode;
export type StatusCode = (typeof statusCode)[StatusCodeName];

const namesByCode = new Map<number, StatusCodeName>(
  (Object.entries(statusCode) as [StatusCodeName, StatusCode][]).map(([name, code]) => [
    code,
    name,
  ]),
);

export function isStatusCode(value: unknown): value is StatusCode {
  return typeof value === 'number' && namesByCode.has(value);
}

/** The enum name of a numeric status (4 -> 'Charging'), or undefined if unknown. */
export function statusCodeName(code: number): StatusCodeName | undefined {
  return namesByCode.get(code);
}

// The statuses that have a number. parking, success and cancelled exist only as names.
const codeByStatus = {
  available: statusCode.Available,
  unavailable: statusCode.Unavailable,
  preparing: statusCode.Preparing,
  charging: statusCode.Charging,
  suspendedevse: statusCode.SuspendedEVSE,
  suspendedev: statusCode.SuspendedEV,
  finishing: statusCode.Finishing,
  reserved: statusCode.Reserved,
  faulted: statusCode.Faulted,
} as const satisfies Partial<Record<ConnectorStatus, StatusCode>>;
type NumberedStatus = keyof typeof codeByStatus;

/** The number of a status name, or undefined for parking, success and cancelled. */
export function connectorStatusCode(status: ConnectorStatus): StatusCode | undefined {
  return Object.hasOwn(codeByStatus, status) ? codeByStatus[status as NumberedStatus] : undefined;
}

/** The status name of a connector number 1-9, or undefined for station labels and unknowns. */
export function connectorStatusFromCode(code: number): ConnectorStatus | undefined {
  const entry = Object.entries(codeByStatus).find(([, value]) => value === code);
  return entry?.[0] as ConnectorStatus | undefined;
}

// OCPP 1.6 §7.7 ChargePointStatus, spelled as the standard spells it.
export const ocppChargePointStatuses = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type OcppChargePointStatus = (typeof ocppChargePointStatuses)[number];

/** Our name and number for a StatusNotification status. */
export function fromOcppStatus(status: OcppChargePointStatus): {
  status: ConnectorStatus;
  code: StatusCode;
} {
  const name = status.toLowerCase() as NumberedStatus;
  return { status: name, code: codeByStatus[name] };
}

export function isOcppChargePointStatus(value: unknown): value is OcppChargePointStatus {
  return (
    typeof value === 'string' && (ocppChargePointStatuses as readonly string[]).includes(value)
  );
}

// SPEC §4: station labels.
export const stationLabels = ['works', 'notWorking', 'underRepair', 'openingSoon'] as const;
export type StationLabel = (typeof stationLabels)[number];

export const stationLabelCode = {
  works: statusCode.Works,
  notWorking: statusCode.NotWorking,
  underRepair: statusCode.UnderRepair,
  openingSoon: statusCode.OpeningSoon,
} as const satisfies Record<StationLabel, StatusCode>;

/** What the operator set on the station itself, apart from its connectors. */
export type StationState = { isUnderRepair?: boolean; isOpeningSoon?: boolean };

const offlineStatuses: readonly ConnectorStatus[] = ['unavailable', 'faulted'];

/**
 * A station's label. The operator's flags win: opening soon first (a station that has not
 * opened yet is not "under repair" even while it is being worked on), then under repair.
 * Otherwise it does not work when it has no connectors or every connector is unavailable or
 * faulted; one usable connector, even a busy one, means it works.
 */
export function stationLabel(
  connectors: readonly ConnectorStatus[],
  state: StationState = {},
): StationLabel {
  if (state.isOpeningSoon) return 'openingSoon';
  if (state.isUnderRepair) return 'underRepair';
  if (connectors.every((status) => offlineStatuses.includes(status))) return 'notWorking';
  return 'works';
}

/** A driver can start a session on this connector now. */
export function isConnectorFree(status: ConnectorStatus): boolean {
  return status === 'available';
}

// Map colours: green free, amber busy, grey offline.
export const availabilities = ['free', 'busy', 'offline'] as const;
export type Availability = (typeof availabilities)[number];

/**
 * A connector's bucket. Everything that is neither available nor out of order is busy:
 * a plug in use, reserved, or a session that ended (success, cancelled) while the station
 * has not yet reported the connector available again.
 */
export function connectorAvailability(status: ConnectorStatus): Availability {
  if (isConnectorFree(status)) return 'free';
  if (offlineStatuses.includes(status)) return 'offline';
  return 'busy';
}

/** A station's bucket: free if any connector is free, offline unless it works. */
export function stationAvailability(
  connectors: readonly ConnectorStatus[],
  state: StationState = {},
): Availability {
  if (stationLabel(connectors, state) !== 'works') return 'offline';
  const buckets = connectors.map(connectorAvailability);
  return buckets.includes('free') ? 'free' : 'busy';
}
