// What a test, the CLI or the demo does to a running station beyond plugging a car in:
// connect and close it, press the emergency button, fault a connector, wait for messages.
import { findConnector, refreshStatus, type StationContext } from './context';
import {
  checkedFault,
  snapshotOf,
  type ChargePointErrorCode,
  type ConnectorSnapshot,
  type ConnectorStatus,
} from './connector';
import { clearPendingStart, ensureTicking, stopTransaction } from './transactions';

export async function connect(ctx: StationContext, { timeoutMs = Infinity } = {}): Promise<void> {
  if (ctx.isClosed) throw new Error(`${ctx.id} is closed`);
  ensureTicking(ctx);
  const booted = ctx.isBooted
    ? Promise.resolve()
    : Promise.race([
        ctx.events.next('boot', (b) => b.status === 'Accepted', timeoutMs),
        ctx.events
          .next('closed', undefined, Infinity)
          .then(() => Promise.reject(new Error(`${ctx.id} was closed while connecting`))),
      ]);
  booted.catch(() => undefined);
  await ctx.connection.open();
  await booted;
}

export async function close(ctx: StationContext): Promise<void> {
  if (ctx.isClosed) return;
  ctx.isClosed = true;
  for (const id of Object.values(ctx.timers)) ctx.clock.clear(id);
  for (const id of ctx.afterStopTimers) ctx.clock.clear(id);
  ctx.afterStopTimers.clear();
  for (const connector of ctx.connectors) {
    ctx.clock.clear(connector.transaction?.meterTimer);
    ctx.clock.clear(connector.reservation?.expiryTimer);
    ctx.clock.clear(connector.departureTimer);
    clearPendingStart(ctx, connector);
  }
  ctx.outbox.stop();
  await ctx.connection.close();
  ctx.events.emit('closed', {});
  ctx.log('closed');
}

export function pressEmergency(ctx: StationContext): void {
  ctx.log('emergency button pressed');
  ctx.isEmergency = true;
  for (const connector of ctx.connectors) {
    clearPendingStart(ctx, connector);
    stopTransaction(ctx, connector, 'EmergencyStop');
    refreshStatus(ctx, connector);
  }
}

export function releaseEmergency(ctx: StationContext): void {
  ctx.log('emergency button released');
  ctx.isEmergency = false;
  for (const connector of ctx.connectors) refreshStatus(ctx, connector);
}

export function fault(
  ctx: StationContext,
  connectorId: number,
  errorCode: ChargePointErrorCode = 'OtherError',
  info?: string,
): void {
  const checked = checkedFault(errorCode, info);
  const connector = findConnector(ctx, connectorId);
  connector.fault = checked;
  clearPendingStart(ctx, connector);
  stopTransaction(ctx, connector, 'Other');
  refreshStatus(ctx, connector);
}

export function clearFault(ctx: StationContext, connectorId: number): void {
  const connector = findConnector(ctx, connectorId);
  connector.fault = undefined;
  refreshStatus(ctx, connector);
}

/** Waits until every queued message went out, or fails after `timeoutMs` (a bound for a busy machine, not a wait). */
export async function flush(ctx: StationContext, timeoutMs = 20_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`${ctx.id}: ${ctx.outbox.size()} messages still queued after ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([ctx.outbox.drained(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with the connector once it announced `status` (at once when it did last). */
export async function waitFor(
  ctx: StationContext,
  status: ConnectorStatus,
  connectorId = 1,
  timeoutMs = 5000,
): Promise<ConnectorSnapshot> {
  // The status the station announced last, not one it is about to announce.
  const connector = findConnector(ctx, connectorId);
  if (connector.reported?.status === status) return snapshotOf(connector, ctx.isEmergency);
  return ctx.events.next(
    'status',
    (s) => s.connectorId === connectorId && s.status === status,
    timeoutMs,
  );
}
