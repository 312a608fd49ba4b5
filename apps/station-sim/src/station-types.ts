// The options and the API of a simulated charge point (see station.ts).
import type { Car, CurrentType } from './car';
import type { Clock } from './clock';
import type { StationEvents } from './context';
import type {
  ChargePointErrorCode,
  ConnectorSnapshot,
  ConnectorStatus,
  StopReason,
} from './connector';
import type { Emitter } from './events';
import type { StationFaults } from './faults';
import type { TagOutcome } from './authorize';
import type { LocalList } from './local-list';

export type ConnectorSpec = {
  /** The OCPP connectorId; connectors are numbered 1, 2, … in list order when absent. */
  number?: number;
  /** AC or DC; guessed from `socketType` (ccs1, ccs2, chademo, gbt-dc are DC) when absent. */
  currentType?: CurrentType;
  socketType?: string;
  /** The connector's maximum power; 22 kW AC or 50 kW DC by default. */
  powerW?: number;
  meterStartWh?: number;
  /** A car already plugged in when the station starts (Preparing). */
  car?: Partial<Car>;
  /**
   * With `car`: its transaction ended before the station started and the cable is still in
   * (Finishing, OCPP 1.6 §7.7).
   */
  isFinishing?: boolean;
  /**
   * With `car`: a demo car, which drives off by itself `autoUnplugAfterMs` after a transaction
   * on it ended, like an auto-plugged one (default false: it stays until `unplug()`).
   */
  leavesByItself?: boolean;
  /** Out of service from the start (Unavailable), as after ChangeAvailability Inoperative. */
  isInoperative?: boolean;
  /** Faulted from the start with this OCPP 1.6 error code (not NoError). */
  fault?: { errorCode: ChargePointErrorCode; info?: string };
};

export type StationOptions = {
  /** The central system's OCPP endpoint without the id, e.g. ws://127.0.0.1:8080/ocpp. */
  url: string;
  /** The chargePointId, appended to the URL and used as the Basic auth user. */
  id: string;
  password?: string;
  connectors?: ConnectorSpec[] | number;
  vendor?: string;
  model?: string;
  serialNumber?: string;
  firmwareVersion?: string;
  /** Simulated time; default wall-clock time at `speed`. */
  clock?: Clock;
  speed?: number;
  /** MeterValueSampleInterval in simulated ms (default 10 s). */
  meterIntervalMs?: number;
  /** Physics step in simulated ms (default 1 s). */
  tickMs?: number;
  /** Used until BootNotification gives the interval (default 60). */
  heartbeatIntervalSeconds?: number;
  /** ConnectionTimeOut: how long an authorization waits for the cable (default 60). */
  connectionTimeoutSeconds?: number;
  /** A remote start on an empty connector plugs this car in (true: the default car). */
  autoPlug?: boolean | Partial<Car>;
  /**
   * An auto-plugged car drives off this many simulated ms after charging ended: after its
   * transaction stopped, or after it got full (then unplugging stops the transaction with
   * EVDisconnected). Unset: it stays until `unplug()`, so a stopped session stays Finishing.
   */
  autoUnplugAfterMs?: number;
  rejectCommands?: boolean;
  /**
   * LocalAuthorizeOffline: a tag presented while offline starts at once (default true), unless
   * a local list is in use (LocalAuthListEnabled and not empty): then only its Accepted entries
   * start offline and any other tag is refused.
   */
  allowOfflineStart?: boolean;
  /**
   * The Local Authorization List (OCPP 1.6 §3.5.3, feature profile LocalAuthListManagement):
   * SendLocalList and GetLocalListVersion are answered (default true). False: SendLocalList
   * answers NotSupported and GetLocalListVersion -1.
   */
  localAuthListSupported?: boolean;
  /** LocalAuthListMaxLength: the most entries the list holds (default 10000). */
  localAuthListMaxLength?: number;
  /** SendLocalListMaxLength: the most entries one SendLocalList carries (default 1000). */
  sendLocalListMaxLength?: number;
  /**
   * LocalPreAuthorize (default false): online, a tag the local list has as Accepted starts
   * without waiting for Authorize (§3.5.3).
   */
  localPreAuthorize?: boolean;
  /** Send BootNotification after every reconnect, not only after a (re)boot (default false). */
  bootOnReconnect?: boolean;
  /** Link and firmware faults to play from the start (faults.ts); none by default. */
  faults?: Partial<StationFaults>;
  /** Real-time network settings. */
  callTimeoutMs?: number;
  pingIntervalMs?: number;
  reconnectDelayMs?: { initial: number; max: number };
  connectRetries?: number;
  log?: (line: string) => void;
};

export type Station = {
  readonly id: string;
  /** Connects (retrying while the server is not up) and resolves once BootNotification is accepted. */
  connect(options?: { timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
  plug(connectorId: number, car?: Partial<Car>): void;
  unplug(connectorId: number): void;
  /**
   * A tag at the RFID reader: online, Authorize (or the local list with LocalPreAuthorize);
   * offline, the local list when one is in use, else `allowOfflineStart`. The central system
   * can do the same with DataTransfer vendorId 'evcharge', messageId 'PresentTag', data
   * '{"idTag":"…","connectorId":1}' (connectorId optional).
   */
  presentTag(idTag: string, connectorId?: number): Promise<TagOutcome>;
  /**
   * The Local Authorization List (OCPP 1.6 §3.5.3) as the central system set it with
   * SendLocalList: `version` is what GetLocalListVersion answers (0: no entries, -1: not
   * supported), `entries` maps each idTag to its idTagInfo. A copy.
   */
  localList(): LocalList;
  /** The station's own stop button. */
  stop(connectorId: number, reason?: StopReason): boolean;
  pressEmergency(): void;
  releaseEmergency(): void;
  fault(connectorId: number, errorCode?: ChargePointErrorCode, info?: string): void;
  clearFault(connectorId: number): void;
  setRejectCommands(isRejecting: boolean): void;
  /** Turns link and firmware faults on or off (faults.ts); keys left out keep their value. */
  setFaults(faults: Partial<StationFaults>): void;
  /** The faults in play now; the lose-counters count down as messages are lost. */
  faults(): StationFaults;
  /** The connector's energy register falls to 0 and counts on from there (a meter reset). */
  resetMeter(connectorId: number): void;
  /** The connector's energy register jumps ahead by `wh` at once (a faulty meter). */
  jumpMeter(connectorId: number, wh: number): void;
  /** Loses the network: no closing handshake, no reconnect until `restore()`. */
  dropConnection(): Promise<void>;
  restore(): Promise<void>;
  isOnline(): boolean;
  connector(connectorId: number): ConnectorSnapshot;
  connectors(): ConnectorSnapshot[];
  /** Messages waiting to be delivered. */
  pendingMessages(): number;
  /** Resolves once every queued message was delivered. */
  flush(timeoutMs?: number): Promise<void>;
  waitFor(
    status: ConnectorStatus,
    connectorId?: number,
    timeoutMs?: number,
  ): Promise<ConnectorSnapshot>;
  on: Emitter<StationEvents>['on'];
  next: Emitter<StationEvents>['next'];
  /** Sends any OCPP message as is (tests). */
  call(action: string, payload: object): Promise<unknown>;
};

export const dcSocketTypes = ['ccs1', 'ccs2', 'chademo', 'gbt-dc'];

export function normalizeConnectors(spec: StationOptions['connectors']): ConnectorSpec[] {
  if (spec === undefined) return [{}];
  if (typeof spec === 'number') return Array.from({ length: spec }, () => ({}));
  return [...spec].sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
}
