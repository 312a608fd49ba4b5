import type { FastifyBaseLogger } from 'fastify';
import { fromOcppStatus, isOcppChargePointStatus } from '@evcharge/domain/connector-status';
import type { ReportedStatus } from '../db/schema/ocpp';
import type { Connections, ChargePointConnection } from './connections';
import type { OcppDeps } from './context';
import {
  findChargePoint,
  findSilentChargePoints,
  recordConnected,
  recordDisconnected,
  recordSeen,
} from './repo';

// Whether a charge point is there: a closed socket or missed heartbeats make it
// offline, and its connectors show 'unavailable' until it is back.

/**
 * Back online: each connector shows what the charge point last reported, until it reports
 * again (we ask it to with TriggerMessage). Connector 0 is the charge point itself.
 */
async function restoreReportedStatuses(
  deps: OcppDeps,
  stationId: string,
  reported: Record<string, ReportedStatus>,
  at: Date,
): Promise<void> {
  for (const [key, entry] of Object.entries(reported)) {
    const number = Number(key);
    if (number < 1 || !isOcppChargePointStatus(entry.status)) continue;
    await deps.events.connectorStatus(stationId, number, fromOcppStatus(entry.status).status, at);
  }
}

/** A socket opened. Returns whether it was offline before, so the caller can ask for statuses. */
export async function chargePointConnected(
  deps: OcppDeps,
  connection: ChargePointConnection,
): Promise<{ wasOffline: boolean; hasBooted: boolean }> {
  const row = await findChargePoint(deps.db, connection.chargePointId);
  if (!row) return { wasOffline: false, hasBooted: false };
  await recordConnected(deps.db, row.id, connection.connectedAt);
  const wasOffline = row.connectedAt === null;
  if (wasOffline) {
    await restoreReportedStatuses(
      deps,
      row.stationId,
      row.reportedStatuses,
      connection.connectedAt,
    );
  }
  return { wasOffline, hasBooted: row.bootedAt !== null };
}

export async function chargePointDisconnected(
  deps: OcppDeps,
  gone: { chargePointId: string; stationId: string; connectedAt: Date },
) {
  if (await recordDisconnected(deps.db, gone.chargePointId, gone.connectedAt)) {
    await deps.events.stationUnavailable(gone.stationId, new Date());
  }
}

/** Any message is a sign of life; the database hears of it at most every half interval. */
export async function noteSeen(deps: OcppDeps, connection: ChargePointConnection): Promise<void> {
  const now = Date.now();
  connection.lastSeenMs = now;
  if (now - connection.lastSeenWrittenMs < (connection.heartbeatSeconds * 1000) / 2) return;
  connection.lastSeenWrittenMs = now;
  await recordSeen(deps.db, connection.chargePointId, new Date(now));
}

export function silenceLimitMs(heartbeatSeconds: number, graceSeconds: number): number {
  return (2 * heartbeatSeconds + graceSeconds) * 1000;
}

/**
 * Every so often: close the sockets of charge points here that went silent (the close marks
 * them offline), and mark offline the ones another instance left marked as connected.
 * Returns a stop function.
 */
export function startPresenceSweep(
  deps: OcppDeps,
  connections: Connections,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const { heartbeatSeconds, heartbeatGraceSeconds } = deps.config.ocpp;
  const everyMs = Math.max(1000, Math.min(heartbeatSeconds, heartbeatGraceSeconds) * 1000);
  let running: Promise<void> = Promise.resolve();

  async function sweep() {
    const now = Date.now();
    for (const connection of connections.all()) {
      const limitMs = silenceLimitMs(connection.heartbeatSeconds, heartbeatGraceSeconds);
      if (now - connection.lastSeenMs <= limitMs) continue;
      connection.log.warn(
        { silentMs: now - connection.lastSeenMs },
        'OCPP charge point silent: closing its socket',
      );
      // force: a silent peer may not answer a closing handshake either.
      await connection.client.close({ force: true });
    }
    const local = connections.all().map((c) => c.chargePointId);
    for (const stale of await findSilentChargePoints(deps.db, heartbeatGraceSeconds, local)) {
      const { id, stationId, connectedAt } = stale;
      if (!connectedAt) continue;
      await connections.serial(id, () =>
        chargePointDisconnected(deps, { chargePointId: id, stationId, connectedAt }),
      );
    }
  }

  const timer = setInterval(() => {
    running = running.then(sweep).catch((error: unknown) => {
      log.error({ err: error }, 'OCPP presence sweep failed');
    });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
