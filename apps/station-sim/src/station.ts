// One simulated OCPP 1.6J charge point: the programmatic API that tests, the CLI and the demo use.
import { createRealClock } from './clock';
import { callCentral, findConnector, type StationEvents } from './context';
import { snapshotOf } from './connector';
import { createEmitter } from './events';
import { describeFaults, withFaults } from './faults';
import { jumpMeter, resetMeter } from './meter-faults';
import { presentTag } from './authorize';
import { localListOf } from './local-list';
import * as control from './station-controls';
import { answerCommands, createStationContext, placeStartingState } from './station-setup';
import { plug, stopTransaction, unplug } from './transactions';
import { normalizeConnectors, type Station, type StationOptions } from './station-types';

export type { ConnectorSpec, Station, StationOptions } from './station-types';
export type { ReplayOrder, StationFaults } from './faults';
export type { Car } from './car';
export type { Clock } from './clock';
export type { StationEvents } from './context';
export type { ChargePointErrorCode, ConnectorSnapshot, ConnectorStatus } from './connector';
export type { TagOutcome } from './authorize';
export type { LocalList, LocalListEntry } from './local-list';

export function createStation(options: StationOptions): Station {
  const clock = options.clock ?? createRealClock(options.speed ?? 1);
  const log = (line: string) => options.log?.(`${options.id} ${line}`);
  const events = createEmitter<StationEvents>();
  const connectorSpecs = normalizeConnectors(options.connectors);
  if (options.autoUnplugAfterMs !== undefined && !(options.autoUnplugAfterMs >= 0))
    throw new Error(`autoUnplugAfterMs must be 0 or more, got ${options.autoUnplugAfterMs}`);
  const ctx = createStationContext(options, { clock, events, log, connectorSpecs });
  if (options.faults) log(`faults: ${describeFaults(ctx.faults)}`);
  answerCommands(ctx);
  placeStartingState(ctx, connectorSpecs);

  const connectorById = (connectorId: number) => findConnector(ctx, connectorId);
  return {
    id: options.id,
    connect: (connectOptions) => control.connect(ctx, connectOptions),
    close: () => control.close(ctx),
    plug: (connectorId, car) => plug(ctx, connectorById(connectorId), car),
    unplug: (connectorId) => unplug(ctx, connectorById(connectorId)),
    presentTag: (idTag, connectorId) => presentTag(ctx, idTag, connectorId),
    localList: () => localListOf(ctx.localList),
    stop: (connectorId, reason = 'Local') =>
      stopTransaction(ctx, connectorById(connectorId), reason),
    pressEmergency: () => control.pressEmergency(ctx),
    releaseEmergency: () => control.releaseEmergency(ctx),
    fault: (connectorId, errorCode, info) => control.fault(ctx, connectorId, errorCode, info),
    clearFault: (connectorId) => control.clearFault(ctx, connectorId),
    setRejectCommands(isRejecting) {
      ctx.isRejectingCommands = isRejecting;
      log(isRejecting ? 'rejecting every command' : 'accepting commands');
    },
    setFaults(faults) {
      ctx.faults = withFaults(ctx.faults, faults);
      log(`faults: ${describeFaults(ctx.faults)}`);
    },
    faults: () => ({ ...ctx.faults }),
    resetMeter: (connectorId) => resetMeter(ctx, connectorById(connectorId)),
    jumpMeter: (connectorId, wh) => jumpMeter(ctx, connectorById(connectorId), wh),
    async dropConnection() {
      log('network lost (simulated)');
      await ctx.connection.drop();
    },
    async restore() {
      log('network back (simulated)');
      await ctx.connection.open();
    },
    isOnline: () => ctx.isOnline,
    connector: (connectorId) => snapshotOf(connectorById(connectorId), ctx.isEmergency),
    connectors: () => ctx.connectors.map((c) => snapshotOf(c, ctx.isEmergency)),
    pendingMessages: () => ctx.outbox.size(),
    flush: (timeoutMs) => control.flush(ctx, timeoutMs),
    waitFor: (status, connectorId, timeoutMs) =>
      control.waitFor(ctx, status, connectorId, timeoutMs),
    on: events.on,
    next: events.next,
    call: (action, payload) => callCentral(ctx, action, payload),
  };
}
