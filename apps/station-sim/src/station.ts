// One simulated OCPP 1.6J charge point: the programmatic API that tests, the CLI and the demo use.
import { createRealClock } from './clock';
import { commands, rejections } from './commands';
import { createConnection } from './connection';
import {
  callCentral,
  findConnector,
  refreshStatus,
  type StationContext,
  type StationEvents,
} from './context';
import { checkedFault, createConnector, snapshotOf } from './connector';
import { createEmitter } from './events';
import { presentTag } from './authorize';
import { createOutbox } from './outbox';
import { onDown, onOpen } from './session';
import { clearPendingStart, ensureTicking, plug, stopTransaction, unplug } from './transactions';
import {
  dcSocketTypes,
  normalizeConnectors,
  type Station,
  type StationOptions,
} from './station-types';

export type { ConnectorSpec, Station, StationOptions } from './station-types';
export type { Car } from './car';
export type { Clock } from './clock';
export type { StationEvents } from './context';
export type { ChargePointErrorCode, ConnectorSnapshot, ConnectorStatus } from './connector';
export type { TagOutcome } from './authorize';

export function createStation(options: StationOptions): Station {
  const clock = options.clock ?? createRealClock(options.speed ?? 1);
  const log = (line: string) => options.log?.(`${options.id} ${line}`);
  const events = createEmitter<StationEvents>();
  const connectorSpecs = normalizeConnectors(options.connectors);
  if (options.autoUnplugAfterMs !== undefined && !(options.autoUnplugAfterMs >= 0))
    throw new Error(`autoUnplugAfterMs must be 0 or more, got ${options.autoUnplugAfterMs}`);

  const ctx: StationContext = {
    id: options.id,
    settings: {
      url: options.url.replace(/\/+$/, ''),
      vendor: options.vendor ?? 'evcharge',
      model: options.model ?? 'station-sim',
      serialNumber: options.serialNumber,
      firmwareVersion: options.firmwareVersion ?? '0.1.0',
      tickMs: options.tickMs ?? 1000,
      autoPlugCar: options.autoPlug === true ? {} : options.autoPlug || undefined,
      autoUnplugAfterMs: options.autoUnplugAfterMs,
      bootOnReconnect: options.bootOnReconnect ?? false,
    },
    clock,
    connectors: connectorSpecs.map((spec, index) => {
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
    }),
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
    timers: {},
    nextLocalTxId: 1,
    outbox: createOutbox({
      canSend: () => ctx.isOnline && ctx.isBooted,
      call: (action, payload) => callCentral(ctx, action, payload),
      log,
      retryDelayMs: 1000,
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

  for (const [action, handler] of Object.entries(commands)) {
    ctx.connection.handle(action, (params) => {
      const rejection = rejections[action];
      const response =
        ctx.isRejectingCommands && rejection ? rejection : handler(ctx, params as never);
      log(`⇐ ${action} ${JSON.stringify(params)} ⇒ ${JSON.stringify(response)}`);
      events.emit('command', { action, params, response });
      return response as Record<string, unknown>;
    });
  }

  // Where each connector stands when the station starts; reported at boot.
  ctx.connectors.forEach((connector, index) => {
    const spec = connectorSpecs[index];
    connector.isInoperative = spec?.isInoperative ?? false;
    if (spec?.fault) connector.fault = checkedFault(spec.fault.errorCode, spec.fault.info);
    if (spec?.car) {
      plug(ctx, connector, spec.car);
      connector.isFinishing = spec.isFinishing ?? false;
      refreshStatus(ctx, connector);
    }
  });

  const connectorById = (connectorId: number) => findConnector(ctx, connectorId);
  const snapshot = (connectorId: number) => snapshotOf(connectorById(connectorId), ctx.isEmergency);

  return {
    id: options.id,
    async connect({ timeoutMs = Infinity } = {}) {
      if (ctx.isClosed) throw new Error(`${ctx.id} is closed`);
      ensureTicking(ctx);
      const booted = ctx.isBooted
        ? Promise.resolve()
        : Promise.race([
            events.next('boot', (b) => b.status === 'Accepted', timeoutMs),
            events
              .next('closed', undefined, Infinity)
              .then(() => Promise.reject(new Error(`${ctx.id} was closed while connecting`))),
          ]);
      booted.catch(() => undefined);
      await ctx.connection.open();
      await booted;
    },
    async close() {
      if (ctx.isClosed) return;
      ctx.isClosed = true;
      for (const id of Object.values(ctx.timers)) clock.clear(id);
      for (const connector of ctx.connectors) {
        clock.clear(connector.transaction?.meterTimer);
        clock.clear(connector.reservation?.expiryTimer);
        clock.clear(connector.departureTimer);
        clearPendingStart(ctx, connector);
      }
      ctx.outbox.stop();
      await ctx.connection.close();
      events.emit('closed', {});
      log('closed');
    },
    plug: (connectorId, car) => plug(ctx, connectorById(connectorId), car),
    unplug: (connectorId) => unplug(ctx, connectorById(connectorId)),
    presentTag: (idTag, connectorId) => presentTag(ctx, idTag, connectorId),
    stop: (connectorId, reason = 'Local') =>
      stopTransaction(ctx, connectorById(connectorId), reason),
    pressEmergency() {
      log('emergency button pressed');
      ctx.isEmergency = true;
      for (const connector of ctx.connectors) {
        clearPendingStart(ctx, connector);
        stopTransaction(ctx, connector, 'EmergencyStop');
        refreshStatus(ctx, connector);
      }
    },
    releaseEmergency() {
      log('emergency button released');
      ctx.isEmergency = false;
      for (const connector of ctx.connectors) refreshStatus(ctx, connector);
    },
    fault(connectorId, errorCode = 'OtherError', info) {
      const fault = checkedFault(errorCode, info);
      const connector = connectorById(connectorId);
      connector.fault = fault;
      clearPendingStart(ctx, connector);
      stopTransaction(ctx, connector, 'Other');
      refreshStatus(ctx, connector);
    },
    clearFault(connectorId) {
      const connector = connectorById(connectorId);
      connector.fault = undefined;
      refreshStatus(ctx, connector);
    },
    setRejectCommands(isRejecting) {
      ctx.isRejectingCommands = isRejecting;
      log(isRejecting ? 'rejecting every command' : 'accepting commands');
    },
    async dropConnection() {
      log('network lost (simulated)');
      await ctx.connection.drop();
    },
    async restore() {
      log('network back (simulated)');
      await ctx.connection.open();
    },
    isOnline: () => ctx.isOnline,
    connector: snapshot,
    connectors: () => ctx.connectors.map((c) => snapshotOf(c, ctx.isEmergency)),
    pendingMessages: () => ctx.outbox.size(),
    async flush(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `${ctx.id}: ${ctx.outbox.size()} messages still queued after ${timeoutMs} ms`,
              ),
            ),
          timeoutMs,
        );
      });
      try {
        await Promise.race([ctx.outbox.drained(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async waitFor(status, connectorId = 1, timeoutMs = 5000) {
      // The status the station announced last, not one it is about to announce.
      if (connectorById(connectorId).reported?.status === status) return snapshot(connectorId);
      return events.next(
        'status',
        (s) => s.connectorId === connectorId && s.status === status,
        timeoutMs,
      );
    },
    on: events.on,
    next: events.next,
    call: (action, payload) => callCentral(ctx, action, payload),
  };
}
