import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chargePoints } from '../db/schema/ocpp';
import { privateStations } from '../db/schema/private-stations';
import { connectors, stations } from '../db/schema/stations';

// One function per query of a charge point's registration (register.ts).

// PostgreSQL sets xmax to 0 on a row the statement inserted, not on one it updated.
const wasInserted = sql<boolean>`(xmax = 0)`;

/** The station whose code is `codeOrId`, or (when `byId`) whose id is. */
export async function findStationByCodeOrId(
  db: Db,
  codeOrId: string,
  byId: boolean,
): Promise<{ id: string; code: string; ownerUserId: string | null } | undefined> {
  const [station] = await db
    .select({ id: stations.id, code: stations.code, ownerUserId: stations.ownerUserId })
    .from(stations)
    .where(
      byId
        ? or(eq(stations.id, codeOrId), eq(stations.code, codeOrId))
        : eq(stations.code, codeOrId),
    );
  return station;
}

export async function findStationChargePointId(
  db: Db,
  stationId: string,
): Promise<string | undefined> {
  const [holder] = await db
    .select({ id: chargePoints.id })
    .from(chargePoints)
    .where(eq(chargePoints.stationId, stationId));
  return holder?.id;
}

export async function deleteChargePoint(db: Db, id: string): Promise<void> {
  await db.delete(chargePoints).where(eq(chargePoints.id, id));
}

/** Inserts the charge point or gives it the station and password; true when inserted. */
export async function upsertChargePoint(
  db: Db,
  row: { id: string; stationId: string; passwordHash: string },
): Promise<boolean> {
  const [result] = await db
    .insert(chargePoints)
    .values(row)
    .onConflictDoUpdate({
      target: chargePoints.id,
      set: { stationId: row.stationId, passwordHash: row.passwordHash },
    })
    .returning({ isNew: wasInserted });
  return result?.isNew ?? true;
}

export async function findStationConnectors(
  db: Db,
  stationId: string,
): Promise<{ number: number; socketType: string; powerW: number }[]> {
  return db
    .select({
      number: connectors.number,
      socketType: connectors.socketType,
      powerW: connectors.powerW,
    })
    .from(connectors)
    .where(eq(connectors.stationId, stationId))
    .orderBy(asc(connectors.number));
}

/**
 * Makes the station a private one waiting, unclaimed, for its code and secret (a new secret
 * for one that waited already); its terms for others start empty.
 */
export async function offerUnclaimed(db: Db, stationId: string, secretHash: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(stations)
      .set({ isPrivate: true, ownerUserId: null })
      .where(eq(stations.id, stationId));
    await tx
      .insert(privateStations)
      .values({ stationId, secretHash })
      .onConflictDoUpdate({
        target: privateStations.stationId,
        set: { secretHash, claimedAt: null, isShared: false, updatedAt: new Date() },
      });
  });
}
