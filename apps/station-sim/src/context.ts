// The state one simulated charge point shares between its modules, and the few functions
// they all need: the power a connector may draw, the physics step, and status reporting.
import { carAcceptanceW, chargeCar, type Car } from './car';
import { profileLimitW, type StoredProfile } from './charging-profile';
import type { Clock, TimerId } from './clock';
import type { Connection } from './connection';
import {
  activeFault,
  deriveStatus,
  snapshotOf,
  type Connector,
  type ConnectorSnapshot,
  type StopReason,
} from './connector';
import type { Emitter } from './events';
import type { LocalListState } from './local-list';
import type { TagOutcome } from './authorize';
import type { StationFaults } from './faults';
import { statusPayload } from './messages';
import type { Outbox } from './outbox';

export type BootStatus = 'Accepted' | 'Pending' | 'Rejected';

export type StationEvents = {
  status: ConnectorSnapshot;
  connected: { url: string };
  disconnected: { code?: number; reason?: string };
  boot: { status: BootStatus; intervalSeconds: number };
  transactionStarted: { connectorId: number; localId: number; idTag: string; meterStartWh: number };
  /** The central system answered StartTransaction. */
  transactionAccepted: {
    connectorId: number;
    localId: number;
    transactionId: number;
    idTagStatus: string;
  };
  transactionStopped: {
    connectorId: number;
    localId: number;
    transactionId?: number;
    meterStopWh: number;
    reason: StopReason;
  };
  meterValues: {
    connectorId: number;
    transactionId?: number;
    energyWh: number;
    powerW: number;
    socPercent?: number;
  };
  /** A tag was presented at the reader (by hand, console or DataTransfer PresentTag) and what it did. */
  tagPresented: { idTag: string; result: TagOutcome };
  /** A command from the central system and our answer. */
  command: { action: string; params: unknown; response: unknown };
  /** A message we sent and the central system's answer, `durationMs` (real time) apart. */
  sent: { action: string; payload: object; result: unknown; durationMs: number };
  closed: Record<string, never>;
};

export type StationSettings = {
  url: string;
  vendor: string;
  model: string;
  serialNumber?: string;
  firmwareVersion?: string;
  tickMs: number;
  autoPlugCar?: Partial<Car>;
  /** How long after charging ended an auto-plugged car leaves (simulated ms); undefined: never. */
  autoUnplugAfterMs?: number;
  bootOnReconnect: boolean;
};

export type StationContext = {
  id: string;
  settings: StationSettings;
  clock: Clock;
  connectors: Connector[];
  profiles: StoredProfile[];
  isEmergency: boolean;
  isRejectingCommands: boolean;
  /** BootNotification was accepted since the last (re)boot. */
  isBooted: boolean;
  isOnline: boolean;
  isClosed: boolean;
  heartbeatIntervalSeconds: number;
  meterIntervalMs: number;
  connectionTimeoutSeconds: number;
  /**
   * LocalAuthorizeOffline as this simulator reads it: offline, with no local list in use, any
   * tag starts (the list, when enabled and not empty, decides instead).
   */
  isOfflineStartAllowed: boolean;
  /** OCPP 1.6 §3.5.3 the Local Authorization List, kept across reconnects and resets. */
  localList: LocalListState;
  timers: { heartbeat?: TimerId; tick?: TimerId; bootRetry?: TimerId };
  /** MeterValues a faulty firmware still sends after a stop (faults.ts). */
  afterStopTimers: Set<TimerId>;
  faults: StationFaults;
  nextLocalTxId: number;
  outbox: Outbox;
  connection: Connection;
  events: Emitter<StationEvents>;
  log(line: string): void;
};

export function findConnector(ctx: StationContext, connectorId: number): Connector {
  const connector = ctx.connectors[connectorId - 1];
  if (!connector) throw new Error(`${ctx.id} has no connector ${connectorId}`);
  return connector;
}

/** The time the station writes on its messages: the simulated clock, off by a clock fault. */
export function stampNow(ctx: StationContext): number {
  return ctx.clock.now() + ctx.faults.clockOffsetMs;
}

/** The most the charge point offers on this connector now, in watts. */
export function offeredW(ctx: StationContext, connector: Connector): number {
  if (activeFault(connector, ctx.isEmergency) || !connector.transaction) return 0;
  const limitW = profileLimitW(ctx.profiles, {
    connectorId: connector.id,
    nowMs: ctx.clock.now(),
    currentType: connector.currentType,
    transaction: connector.transaction,
    sharingCount: ctx.connectors.filter((c) => c.transaction).length,
  });
  return Math.max(0, Math.min(connector.maxPowerW, limitW));
}

/** Runs the physics from the connector's last update until now. */
export function updateConnector(ctx: StationContext, connector: Connector): void {
  const nowMs = ctx.clock.now();
  const elapsedMs = nowMs - connector.lastUpdateMs;
  connector.lastUpdateMs = nowMs;
  const { car, transaction } = connector;
  if (!car || !transaction) {
    connector.powerW = 0;
    return;
  }
  if (elapsedMs > 0)
    connector.meterWh += chargeCar(
      car,
      connector.currentType,
      offeredW(ctx, connector),
      elapsedMs,
    ).energyWh;
  connector.powerW = Math.min(offeredW(ctx, connector), carAcceptanceW(car, connector.currentType));
}

/** Recomputes the status and reports it when it changed. */
export function refreshStatus(ctx: StationContext, connector: Connector): void {
  updateConnector(ctx, connector);
  const next = deriveStatus(connector, ctx.isEmergency);
  const last = connector.reported;
  if (
    last &&
    last.status === next.status &&
    last.fault?.errorCode === next.fault?.errorCode &&
    last.fault?.info === next.fault?.info
  )
    return;
  connector.reported = next;
  ctx.log(
    `connector ${connector.id}: ${next.status}${next.fault ? ` (${next.fault.errorCode}${next.fault.info ? `, ${next.fault.info}` : ''})` : ''}`,
  );
  ctx.events.emit('status', snapshotOf(connector, ctx.isEmergency));
  pushStatus(ctx, connector);
}

/** Queues a StatusNotification with the connector's current status (dropped while offline). */
export function pushStatus(ctx: StationContext, connector: Connector): void {
  const { status, fault } = deriveStatus(connector, ctx.isEmergency);
  const stampMs = stampNow(ctx);
  ctx.outbox.push({
    action: 'StatusNotification',
    isTransactionMessage: false,
    build: () => statusPayload(connector.id, status, fault, stampMs),
  });
}

/** One call to the central system, logged and announced. */
export async function callCentral(
  ctx: StationContext,
  action: string,
  payload: object,
): Promise<unknown> {
  ctx.log(`→ ${action} ${JSON.stringify(payload)}`);
  const startedMs = performance.now();
  try {
    const result = await ctx.connection.call(action, payload);
    const durationMs = performance.now() - startedMs;
    ctx.log(`← ${action} ${JSON.stringify(result)}`);
    ctx.events.emit('sent', { action, payload, result, durationMs });
    return result;
  } catch (error) {
    ctx.log(`✗ ${action}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}
