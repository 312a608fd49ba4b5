import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cars, rfidTags } from '../../db/schema/driver';
import { chargePoints } from '../../db/schema/ocpp';
import { privateStations } from '../../db/schema/private-stations';
import { sharingColumns, withSharing } from '../../db/sharing';
import { connectors, stations } from '../../db/schema/stations';
import { users } from '../../db/schema/users';

// What a start reads of where and by whom: the connector with its station and charge point,
// the driver's car, the station's hours, the driver (locked) and an RFID tag.

/** The place a start goes to: the connector, its station and its charge point. */
export async function connectorPlace(db: Db, connectorId: string) {
  const [row] = await db
    .select({
      connectorId: connectors.id,
      number: connectors.number,
      status: connectors.status,
      powerW: connectors.powerW,
      currentType: connectors.currentType,
      stationId: stations.id,
      isPrivate: stations.isPrivate,
      isRoaming: stations.isRoaming,
      ownerUserId: stations.ownerUserId,
      schedule: stations.schedule,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      state: stations.state,
      chargePointId: chargePoints.id,
      chargePointConnectedAt: chargePoints.connectedAt,
      reportedStatuses: chargePoints.reportedStatuses,
      roamingPartnerId: stations.roamingPartnerId,
      ocpiLocationId: stations.ocpiLocationId,
      ocpiEvseUid: connectors.ocpiEvseUid,
      ocpiConnectorId: connectors.ocpiConnectorId,
      ocpiTariffIds: connectors.ocpiTariffIds,
      ...sharingColumns,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(connectors.id, connectorId));
  return row && { ...withSharing(row), powerKw: row.powerW / 1000 };
}
export type ConnectorPlace = NonNullable<Awaited<ReturnType<typeof connectorPlace>>>;

/** The driver's own car, with what the plan needs of it; another driver's is not found. */
export async function findOwnCar(db: Db, userId: string, carId: string) {
  const [car] = await db
    .select({
      id: cars.id,
      batteryKwh: cars.batteryKwh,
      socPercent: cars.socPercent,
      maxAcKw: cars.maxAcKw,
      maxDcKw: cars.maxDcKw,
    })
    .from(cars)
    .where(and(eq(cars.id, carId), eq(cars.userId, userId)));
  return car;
}

/** Whether a station is another operator's, seen through roaming (SPEC §1). */
export async function isRoamingStation(db: Db, stationId: string): Promise<boolean> {
  const [station] = await db
    .select({ isRoaming: stations.isRoaming })
    .from(stations)
    .where(eq(stations.id, stationId));
  return station?.isRoaming ?? false;
}

/**
 * What decides who may start at a station and when (start-rules.ts stationRule): its hours,
 * its label, its owner and their sharing; and what its charge point last reported of itself
 * and of `connectorId` (OCPP 1.6 §4.9: `reportedStatuses` by connector number, with the
 * connector's number). The station's row is locked for share until the start's transaction
 * ends, so its owner cannot release it (which locks it for update) between the check and the
 * new session.
 */
export async function stationFacts(tx: Db, stationId: string, connectorId?: string) {
  const [station] = await tx
    .select({
      schedule: stations.schedule,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      state: stations.state,
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      reportedStatuses: chargePoints.reportedStatuses,
      connectorNumber: connectorId
        ? sql<
            number | null
          >`(select ${connectors.number} from ${connectors} where ${connectors.id} = ${connectorId} and ${connectors.stationId} = ${stations.id})`
        : sql<null>`null`,
      ...sharingColumns,
    })
    .from(stations)
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .where(eq(stations.id, stationId))
    .for('share', { of: stations });
  return station && withSharing(station);
}

/** What decides who pays for the driver's starts (SPEC §6: the active company's profile). */
export async function payerProfile(db: Db, userId: string) {
  const [user] = await db
    .select({ accountType: users.accountType, activeCompanyId: users.activeCompanyId })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/**
 * The driver's row, locked until the start's transaction ends: starts of one driver run one
 * after another, so the checks of a start hold under concurrency.
 */
export async function lockStarter(tx: Db, userId: string) {
  const [user] = await tx
    .select({
      accountType: users.accountType,
      activeCompanyId: users.activeCompanyId,
      isBlocked: users.isBlocked,
      deletedAt: users.deletedAt,
      // The driver's wallet currency (payment-rule.ts), read with the lock: no statement more.
      currency: users.currency,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

/** An active RFID tag by its uid, with its driver's standing. */
export async function findActiveTag(db: Db, idTag: string) {
  const [row] = await db
    .select({
      rfidTagId: rfidTags.id,
      userId: users.id,
      isBlocked: users.isBlocked,
      /** Blocked by the driver (SPEC §2 my_rfid). */
      isTagBlocked: rfidTags.isBlocked,
      deletedAt: users.deletedAt,
    })
    .from(rfidTags)
    .innerJoin(users, eq(users.id, rfidTags.userId))
    .where(and(eq(rfidTags.uid, idTag), eq(rfidTags.isActive, true)));
  return row;
}

/** The tag started a session at `at`: its "last used" (SPEC §2 my_rfid). */
export async function markTagUsed(db: Db, rfidTagId: string, at: Date): Promise<void> {
  // A use is not a change of the tag: its updated_at (roaming's Token last_updated) stays.
  await db
    .update(rfidTags)
    .set({ lastUsedAt: at, updatedAt: sql`${rfidTags.updatedAt}` })
    .where(eq(rfidTags.id, rfidTagId));
}

/** The driver a tag number belongs to: the bound tag, else the one most recently deleted. */
export async function findTagByUid(db: Db, uid: string) {
  const [row] = await db
    .select({ rfidTagId: rfidTags.id, userId: rfidTags.userId })
    .from(rfidTags)
    .where(eq(rfidTags.uid, uid))
    .orderBy(desc(rfidTags.isActive), desc(rfidTags.createdAt))
    .limit(1);
  return row;
}
