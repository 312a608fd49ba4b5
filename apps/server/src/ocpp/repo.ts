import { and, eq, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chargePoints, type ReportedStatus } from '../db/schema/ocpp';

// One function per query on charge_points (STYLE.md: thin repositories).

export type ChargePointRow = typeof chargePoints.$inferSelect;

export async function findChargePoint(db: Db, id: string): Promise<ChargePointRow | undefined> {
  const [row] = await db.select().from(chargePoints).where(eq(chargePoints.id, id));
  return row;
}

/**
 * A stored password hash of the cost most charge points' hashes have (the PHC string up to its
 * salt: `$argon2id$v=19$m=…,t=…,p=…`); undefined while there are none.
 */
export async function commonPasswordHash(db: Db): Promise<string | undefined> {
  const cost = sql`split_part(${chargePoints.passwordHash}, '$', 2) || split_part(${chargePoints.passwordHash}, '$', 3) || split_part(${chargePoints.passwordHash}, '$', 4)`;
  const [row] = await db
    .select({ passwordHash: sql<string>`min(${chargePoints.passwordHash})` })
    .from(chargePoints)
    .groupBy(cost)
    .orderBy(sql`count(*) desc`, sql`min(${chargePoints.passwordHash})`)
    .limit(1);
  return row?.passwordHash;
}

export type BootInfo = {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
};

export async function recordBoot(
  db: Db,
  id: string,
  info: BootInfo,
  heartbeatSeconds: number,
  at: Date,
): Promise<void> {
  await db
    .update(chargePoints)
    .set({ ...info, heartbeatSeconds, bootedAt: at, lastSeenAt: at })
    .where(eq(chargePoints.id, id));
}

export async function recordSeen(db: Db, id: string, at: Date): Promise<void> {
  await db.update(chargePoints).set({ lastSeenAt: at }).where(eq(chargePoints.id, id));
}

export async function recordConnected(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(chargePoints)
    .set({ connectedAt: at, lastSeenAt: at })
    .where(eq(chargePoints.id, id));
}

/**
 * Clears connected_at if it still is `connectedAt` (the socket that is closing set it); false
 * when a newer socket took over or someone already marked the charge point offline.
 */
export async function recordDisconnected(db: Db, id: string, connectedAt: Date): Promise<boolean> {
  const rows = await db
    .update(chargePoints)
    .set({ connectedAt: null })
    .where(and(eq(chargePoints.id, id), eq(chargePoints.connectedAt, connectedAt)))
    .returning({ id: chargePoints.id });
  return rows.length > 0;
}

/** Merges one connector's report into reported_statuses in one statement (no read first). */
export async function recordReportedStatus(
  db: Db,
  id: string,
  connectorId: number,
  status: ReportedStatus,
): Promise<void> {
  const entry = JSON.stringify({ [String(connectorId)]: status });
  await db
    .update(chargePoints)
    .set({ reportedStatuses: sql`${chargePoints.reportedStatuses} || ${entry}::jsonb` })
    .where(eq(chargePoints.id, id));
}

export async function recordHeartbeatInterval(db: Db, id: string, seconds: number) {
  await db.update(chargePoints).set({ heartbeatSeconds: seconds }).where(eq(chargePoints.id, id));
}

export async function recordDiagnosticsStatus(db: Db, id: string, status: string) {
  await db.update(chargePoints).set({ diagnosticsStatus: status }).where(eq(chargePoints.id, id));
}

export async function recordFirmwareStatus(db: Db, id: string, status: string) {
  await db.update(chargePoints).set({ firmwareStatus: status }).where(eq(chargePoints.id, id));
}

/**
 * Charge points marked connected whose last sign of life is older than twice their Heartbeat
 * interval plus the grace, except the ones whose socket is on this instance (those are judged
 * from memory). Left behind by an instance that stopped without saying so.
 */
export async function findSilentChargePoints(
  db: Db,
  graceSeconds: number,
  exceptIds: readonly string[],
): Promise<{ id: string; stationId: string; connectedAt: Date | null }[]> {
  const deadline = sql`now() - make_interval(secs => 2 * ${chargePoints.heartbeatSeconds} + ${graceSeconds})`;
  return db
    .select({
      id: chargePoints.id,
      stationId: chargePoints.stationId,
      connectedAt: chargePoints.connectedAt,
    })
    .from(chargePoints)
    .where(
      and(
        isNotNull(chargePoints.connectedAt),
        lt(sql`coalesce(${chargePoints.lastSeenAt}, ${chargePoints.connectedAt})`, deadline),
        exceptIds.length > 0 ? notInArray(chargePoints.id, [...exceptIds]) : undefined,
      ),
    );
}
