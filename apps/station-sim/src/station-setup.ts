// Building one simulated charge point: its shared state, the commands it answers, and where
// its connectors stand when it starts.
import type { Clock } from './clock';
import { commands, rejections } from './commands';
import { createConnection } from './connection';
import { callCentral, refreshStatus, type StationContext, type StationEvents } from './context';
import { checkedFault, createConnector, type Connector } from './connector';
import type { Emitter } from './events';
import { noFaults, withFaults } from './faults';
import { createLocalList } from './local-list';
import { createOutbox } from './outbox';
import { onDown, onOpen } from './session';
import { plug } from './transactions';
import { dcSocketTypes, type ConnectorSpec, type StationOptions } from './station-types';

type Parts = {
  clock: Clock;
  events: Emitter<StationEvents>;
  log: (line: string) => void;
  connectorSpecs: ConnectorSpec[];
};

function settingsOf(options: StationOptions): StationContext['settings'] {
  return {
    url: options.url.replace(/\/+$/, ''),
    vendor: options.vendor ?? 'evcharge',
    model: options.model ?? 'station-sim',
    serialNumber: options.serialNumber,
    firmwareVersion: options.firmwareVersion ?? '0.1.0',
    tickMs: options.tickMs ?? 1000,
    autoPlugCar: options.autoPlug === true ? {} : options.autoPlug || undefined,
    autoUnplugAfterMs: options.autoUnplugAfterMs,
    bootOnReconnect: options.bootOnReconnect ?? false,
  };
}

/** A connector per spec: AC unless the socket or the spec says DC, with its default power. */
function connectorsOf(specs: ConnectorSpec[], clock: Clock): Connector[] {
  return specs.map((spec, index) => {
    const currentType =
      spec.currentType ?? (dcSocketTypes.includes(spec.socketType ?? '') ? 'DC' : 'AC');
    return createConnector(
      index + 1,
      {
        currentType,
        maxPowerW: spec.powerW ?? (currentType === 'DC' ? 50_000 : 22_000),
        meterStartWh: spec.meterStartWh ?? 0,
      },
      clock.now(),
    );
  });
}

export function createStationContext(options: StationOptions, parts: Parts): StationContext {
  const { clock, events, log } = parts;
  const ctx: StationContext = {
    id: options.id,
    settings: settingsOf(options),
    clock,
    connectors: connectorsOf(parts.connectorSpecs, clock),
    profiles: [],
    isEmergency: false,
    isRejectingCommands: options.rejectCommands ?? false,
    isBooted: false,
    isOnline: false,
    isClosed: false,
    heartbeatIntervalSeconds: options.heartbeatIntervalSeconds ?? 60,
    meterIntervalMs: options.meterIntervalMs ?? 10_000,
    connectionTimeoutSeconds: options.connectionTimeoutSeconds ?? 60,
    isOfflineStartAllowed: options.allowOfflineStart ?? true,
    localList: createLocalList({
      isSupported: options.localAuthListSupported,
      isPreAuthorize: options.localPreAuthorize,
      maxLength: options.localAuthListMaxLength,
      sendMaxLength: options.sendLocalListMaxLength,
    }),
    timers: {},
    afterStopTimers: new Set(),
    faults: withFaults(noFaults, options.faults ?? {}),
    nextLocalTxId: 1,
    outbox: createOutbox({
      canSend: () => ctx.isOnline && ctx.isBooted,
      call: (action, payload) => callCentral(ctx, action, payload),
      log,
      retryDelayMs: 1000,
      replayOrder: () => ctx.faults.replayOrder,
    }),
    connection: createConnection({
      url: options.url,
      id: options.id,
      password: options.password,
      callTimeoutMs: options.callTimeoutMs ?? 30_000,
      pingIntervalMs: options.pingIntervalMs ?? 30_000,
      reconnectDelayMs: options.reconnectDelayMs ?? { initial: 1000, max: 30_000 },
      connectRetries: options.connectRetries ?? Infinity,
      log,
      onOpen: () => onOpen(ctx),
      onDown: (code, reason) => onDown(ctx, code, reason),
    }),
    events,
    log,
  };
  return ctx;
}

/** Answers the central system's commands (or refuses them all while told to), logged and announced. */
export function answerCommands(ctx: StationContext): void {
  for (const [action, handler] of Object.entries(commands)) {
    ctx.connection.handle(action, (params) => {
      const rejection = rejections[action];
      const response =
        ctx.isRejectingCommands && rejection ? rejection : handler(ctx, params as never);
      ctx.log(`⇐ ${action} ${JSON.stringify(params)} ⇒ ${JSON.stringify(response)}`);
      ctx.events.emit('command', { action, params, response });
      return response as Record<string, unknown>;
    });
  }
}

/** Where each connector stands when the station starts; reported at boot. */
export function placeStartingState(ctx: StationContext, connectorSpecs: ConnectorSpec[]): void {
  ctx.connectors.forEach((connector, index) => {
    const spec = connectorSpecs[index];
    connector.isInoperative = spec?.isInoperative ?? false;
    if (spec?.fault) connector.fault = checkedFault(spec.fault.errorCode, spec.fault.info);
    if (spec?.car) {
      plug(ctx, connector, spec.car, { leavesByItself: spec.leavesByItself ?? false });
      connector.isFinishing = spec.isFinishing ?? false;
      refreshStatus(ctx, connector);
    }
  });
}
