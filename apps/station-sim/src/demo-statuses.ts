// Where the demo's connectors stand when the simulator starts, like a real network at midday:
// most free, some busy, a few faulted or switched off. Deterministic: the same station id and
// connector number always get the same status, so the demo map looks the same on every run.
import type { Car } from './car';
import type { ChargePointErrorCode, ConnectorStatus } from './connector';
import type { ConnectorSpec } from './station-types';

/**
 * The statuses a demo connector can start in (OCPP 1.6 §7.7 ChargePointStatus). Not Reserved:
 * a reservation is the central system's to make (ReserveNow), not the charge point's.
 */
export const demoStatuses = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Unavailable',
  'Faulted',
] as const satisfies readonly ConnectorStatus[];
export type DemoStatus = (typeof demoStatuses)[number];

// prettier-ignore
const mix: readonly (readonly [DemoStatus, number])[] = [
  ['Available', 62], ['Charging', 15], ['Preparing', 3], ['SuspendedEV', 3], ['Finishing', 7],
  ['Unavailable', 5], ['Faulted', 5],
];

const faultCodes: readonly ChargePointErrorCode[] = [
  'GroundFailure',
  'HighTemperature',
  'PowerSwitchFailure',
  'EVCommunicationError',
  'OverVoltage',
  'PowerMeterFailure',
  'ReaderFailure',
  'InternalError',
];

/** FNV-1a: a stable number in [0, 1) for a text, the same on every run and machine. */
function fraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 4_294_967_296;
}

/** The status a connector starts in when its station list does not say. */
export function demoStatusOf(stationId: string, connectorNumber: number): DemoStatus {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = fraction(`${stationId}#${connectorNumber}`) * total;
  for (const [status, weight] of mix) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'Available';
}

/**
 * What a connector needs at start-up to show `status`. A car waiting or charging is a demo car:
 * once a transaction on it ends (a driver started and stopped from the app), it drives off like
 * an auto-plugged one, so the driver's parked session ends. A Finishing car stays: its
 * transaction ended before the start, no session of ours waits for it.
 * Charging (and SuspendedEV, a full car,
 * and SuspendedEVSE, which only the central system's profile can cause) needs a transaction,
 * so the car presents the demo tag after boot (`isCharging`); without a tag it waits plugged
 * in: Preparing, busy on the map all the same.
 */
export function bootStateOf(
  status: DemoStatus,
  at: { stationId: string; connectorNumber: number; car: Partial<Car>; hasTag: boolean },
): { spec: Partial<ConnectorSpec>; isCharging: boolean } {
  const { car, hasTag } = at;
  switch (status) {
    case 'Available':
      return { spec: {}, isCharging: false };
    case 'Preparing':
      return { spec: { car, leavesByItself: true }, isCharging: false };
    case 'Charging':
    case 'SuspendedEVSE':
      return { spec: { car, leavesByItself: true }, isCharging: hasTag };
    case 'SuspendedEV':
      return {
        spec: { car: { ...car, socPercent: 100 }, leavesByItself: true },
        isCharging: hasTag,
      };
    case 'Finishing':
      return { spec: { car, isFinishing: true }, isCharging: false };
    case 'Unavailable':
      return { spec: { isInoperative: true }, isCharging: false };
    case 'Faulted': {
      const pick = fraction(`${at.stationId}#${at.connectorNumber}/fault`);
      const errorCode = faultCodes[Math.floor(pick * faultCodes.length)] ?? 'OtherError';
      return { spec: { fault: { errorCode } }, isCharging: false };
    }
  }
}
