// The life of the connection: BootNotification, heartbeats, and what to send after the
// socket came back (OCPP 1.6 §4.2, §4.6, §4.9).
import type { OCPP16 } from 'typed-ocpp';
import { callCentral, pushStatus, updateConnector, type StationContext } from './context';
import { deriveStatus } from './connector';
import { describeError } from './connection';

export function onOpen(ctx: StationContext): void {
  ctx.isOnline = true;
  ctx.log(`connected to ${ctx.settings.url}/${ctx.id}`);
  ctx.events.emit('connected', { url: ctx.settings.url });
  // BootNotification once per (re)boot; a lost socket is not a reboot (OCPP 1.6 §4.2).
  if (!ctx.isBooted || ctx.settings.bootOnReconnect) {
    void boot(ctx);
    return;
  }
  // Queued transaction messages first, then where every connector stands now.
  reportAllStatuses(ctx);
  ctx.outbox.pump();
}

export function onDown(ctx: StationContext, code?: number, reason?: string): void {
  ctx.isOnline = false;
  ctx.log(`disconnected (${code ?? '-'}${reason ? ` ${reason}` : ''})`);
  ctx.events.emit('disconnected', { code, reason });
}

export async function boot(ctx: StationContext): Promise<void> {
  ctx.clock.clear(ctx.timers.bootRetry);
  ctx.isBooted = false;
  const { settings } = ctx;
  const request: OCPP16.BootNotificationRequest = {
    chargePointVendor: settings.vendor,
    chargePointModel: settings.model,
    ...(settings.serialNumber ? { chargePointSerialNumber: settings.serialNumber } : {}),
    ...(settings.firmwareVersion ? { firmwareVersion: settings.firmwareVersion } : {}),
  };
  let response: OCPP16.BootNotificationResponse;
  try {
    response = (await callCentral(
      ctx,
      'BootNotification',
      request,
    )) as OCPP16.BootNotificationResponse;
  } catch (error) {
    // The socket broke (the next open boots again) or the central system refused the message.
    ctx.log(`BootNotification failed: ${describeError(error)}`);
    if (ctx.isOnline)
      ctx.timers.bootRetry = ctx.clock.setTimeout(
        () => void boot(ctx),
        ctx.heartbeatIntervalSeconds * 1000,
      );
    return;
  }
  if (response.interval > 0) ctx.heartbeatIntervalSeconds = response.interval;
  ctx.events.emit('boot', { status: response.status, intervalSeconds: response.interval });
  if (response.status !== 'Accepted') {
    // Pending or Rejected: ask again after the interval (OCPP 1.6 §4.2).
    ctx.timers.bootRetry = ctx.clock.setTimeout(
      () => void boot(ctx),
      ctx.heartbeatIntervalSeconds * 1000,
    );
    return;
  }
  ctx.isBooted = true;
  restartHeartbeat(ctx);
  reportAllStatuses(ctx);
  ctx.outbox.pump();
}

export function restartHeartbeat(ctx: StationContext): void {
  ctx.clock.clear(ctx.timers.heartbeat);
  if (ctx.isClosed || ctx.heartbeatIntervalSeconds <= 0) return;
  ctx.timers.heartbeat = ctx.clock.setInterval(
    () => sendHeartbeat(ctx),
    ctx.heartbeatIntervalSeconds * 1000,
  );
}

export function sendHeartbeat(ctx: StationContext): void {
  ctx.outbox.push({ action: 'Heartbeat', isTransactionMessage: false, build: () => ({}) });
}

function reportAllStatuses(ctx: StationContext): void {
  for (const connector of ctx.connectors) {
    updateConnector(ctx, connector);
    connector.reported = deriveStatus(connector, ctx.isEmergency);
    pushStatus(ctx, connector);
  }
}
