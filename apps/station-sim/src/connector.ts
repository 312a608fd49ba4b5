// A connector and its OCPP 1.6 status (§4.9 StatusNotification, §7.7 ChargePointStatus).
// The status is derived from the connector's state, never set by hand, so every path that
// changes the state (plug, tag, command, fault, emergency) reports the same way.
import type { OCPP16 } from 'typed-ocpp';
import { carAcceptanceW, type Car, type CurrentType } from './car';
import type { TimerId } from './clock';

export type ConnectorStatus = OCPP16.StatusNotificationRequest['status'];
export type ChargePointErrorCode = OCPP16.StatusNotificationRequest['errorCode'];
export type StopReason = NonNullable<OCPP16.StopTransactionRequest['reason']>;

export const chargePointErrorCodes = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'NoError',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const satisfies readonly ChargePointErrorCode[];

export type Fault = { errorCode: ChargePointErrorCode; info?: string; vendorErrorCode?: string };

/** A fault the station can report: an OCPP 1.6 error code other than NoError. */
export function checkedFault(errorCode: ChargePointErrorCode, info?: string): Fault {
  if (
    errorCode === 'NoError' ||
    !(chargePointErrorCodes as readonly string[]).includes(errorCode)
  ) {
    throw new Error(
      `a fault needs an OCPP 1.6 error code other than NoError: ${chargePointErrorCodes.filter((c) => c !== 'NoError').join(', ')}`,
    );
  }
  return { errorCode, ...(info ? { info } : {}) };
}

/**
 * OCPP 1.6 has no EmergencyStop error code: the button is reported as OtherError with the
 * reason in `info` and `vendorErrorCode`.
 */
export const emergencyFault: Fault = {
  errorCode: 'OtherError',
  info: 'EmergencyStop',
  vendorErrorCode: 'EmergencyStop',
};

export type Transaction = {
  localId: number;
  idTag: string;
  /** The central system's id, known once it answered StartTransaction (later when offline). */
  transactionId?: number;
  startedAtMs: number;
  /** The time StartTransaction says (off from `startedAtMs` by a clock fault). */
  startStampMs: number;
  meterStartWh: number;
  reservationId?: number;
  meterTimer?: TimerId;
};

/** Authorized (by tag or remote start) and waiting for the cable. */
export type PendingStart = { idTag: string; reservationId?: number; expiryTimer?: TimerId };

export type Reservation = {
  reservationId: number;
  idTag: string;
  parentIdTag?: string;
  expiryTimer?: TimerId;
};

export type Connector = {
  id: number;
  currentType: CurrentType;
  maxPowerW: number;
  /** The energy register; fractional inside, reported in whole Wh. */
  meterWh: number;
  powerW: number;
  lastUpdateMs: number;
  car?: Car;
  transaction?: Transaction;
  pendingStart?: PendingStart;
  reservation?: Reservation;
  /** A transaction ended and the car is still plugged. */
  isFinishing: boolean;
  /**
   * The plugged car is the station's own demo car (auto-plug): it drives off by itself a while
   * after charging ended (StationOptions.autoUnplugAfterMs), on `departureTimer`.
   */
  isCarLeavingByItself: boolean;
  departureTimer?: TimerId;
  isInoperative: boolean;
  /** ChangeAvailability that waits for the running transaction to end. */
  scheduledInoperative?: boolean;
  fault?: Fault;
  reported?: { status: ConnectorStatus; fault?: Fault };
};

/**
 * A reading in whole units, never rounded up to more than was delivered; the epsilon absorbs
 * floating-point error from summing many small steps (24 kWh must not read 23999 Wh).
 */
export function whole(value: number): number {
  return Math.floor(value + 1e-6);
}

export type ConnectorSnapshot = {
  connectorId: number;
  status: ConnectorStatus;
  errorCode: ChargePointErrorCode;
  info?: string;
  powerW: number;
  energyWh: number;
  socPercent?: number;
  transactionId?: number;
  idTag?: string;
  isPlugged: boolean;
};

export function createConnector(
  id: number,
  spec: { currentType: CurrentType; maxPowerW: number; meterStartWh: number },
  nowMs: number,
): Connector {
  return {
    id,
    currentType: spec.currentType,
    maxPowerW: spec.maxPowerW,
    meterWh: spec.meterStartWh,
    powerW: 0,
    lastUpdateMs: nowMs,
    isFinishing: false,
    isCarLeavingByItself: false,
    isInoperative: false,
  };
}

/** The fault that wins: the emergency button over the connector's own fault. */
export function activeFault(connector: Connector, isEmergency: boolean): Fault | undefined {
  return isEmergency ? emergencyFault : connector.fault;
}

/** Whether the connector may start a transaction for this tag now. */
/**
 * Whether `idTag` may start here. A reserved connector takes its reservation's idTag, or a tag
 * whose parentIdTag (from Authorize) is the reservation's (OCPP 1.6 §5.13); `parentIdTag`
 * 'unknown' (not asked yet) lets a tag through to be authorized first.
 */
export function canStart(
  connector: Connector,
  isEmergency: boolean,
  idTag: string,
  parentIdTag?: string | 'unknown',
): boolean {
  if (activeFault(connector, isEmergency) || connector.isInoperative || connector.transaction)
    return false;
  if (connector.pendingStart && connector.pendingStart.idTag !== idTag) return false;
  const reservation = connector.reservation;
  if (!reservation || reservation.idTag === idTag) return true;
  if (reservation.parentIdTag === undefined) return false;
  return parentIdTag === 'unknown' || reservation.parentIdTag === parentIdTag;
}

export function deriveStatus(
  connector: Connector,
  isEmergency: boolean,
): { status: ConnectorStatus; fault?: Fault } {
  const fault = activeFault(connector, isEmergency);
  if (fault) return { status: 'Faulted', fault };
  const { car, transaction } = connector;
  if (transaction) {
    if (connector.powerW > 0) return { status: 'Charging' };
    // The car refuses (full) or the charge point offers nothing (a profile's limit of 0).
    return car && carAcceptanceW(car, connector.currentType) === 0
      ? { status: 'SuspendedEV' }
      : { status: 'SuspendedEVSE' };
  }
  if (connector.isInoperative) return { status: 'Unavailable' };
  if (car) return { status: connector.isFinishing ? 'Finishing' : 'Preparing' };
  if (connector.pendingStart) return { status: 'Preparing' };
  if (connector.reservation) return { status: 'Reserved' };
  return { status: 'Available' };
}

export function snapshotOf(connector: Connector, isEmergency: boolean): ConnectorSnapshot {
  const { status, fault } = deriveStatus(connector, isEmergency);
  return {
    connectorId: connector.id,
    status,
    errorCode: fault?.errorCode ?? 'NoError',
    info: fault?.info,
    powerW: Math.round(connector.powerW),
    energyWh: whole(connector.meterWh),
    socPercent: connector.car?.socPercent,
    transactionId: connector.transaction?.transactionId,
    idTag: connector.transaction?.idTag,
    isPlugged: Boolean(connector.car),
  };
}
