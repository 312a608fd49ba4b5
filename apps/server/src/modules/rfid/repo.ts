import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { openRfidBindingStatuses, type RfidBindingStatus } from '@evcharge/domain/rfid';
import type { Db } from '../../db/client';
import { rfidBindings } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { chargePoints } from '../../db/schema/ocpp';
import { privateStations } from '../../db/schema/private-stations';
import { sharingColumns, withSharing } from '../../db/sharing';
import { connectors, stations } from '../../db/schema/stations';
import { users } from '../../db/schema/users';

// The RFID wizard's bindings, the drivers' tags and the charge points' local lists
// (SPEC §2 rfid, my_rfid; OCPP 1.6 §3.5.3). Every driver-facing query is scoped by user_id.

const open = [...openRfidBindingStatuses];

/** A connector with what the wizard needs of its station and charge point. */
export async function wizardPlace(db: Db, connectorId: string) {
  const [row] = await db
    .select({
      connectorId: connectors.id,
      number: connectors.number,
      socketType: connectors.socketType,
      status: connectors.status,
      stationId: stations.id,
      code: stations.code,
      name: stations.name,
      address: stations.address,
      supportsRfid: stations.supportsRfid,
      isRoaming: stations.isRoaming,
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      chargePointId: chargePoints.id,
      connectedAt: chargePoints.connectedAt,
      ...sharingColumns,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(connectors.id, connectorId));
  return row && withSharing(row);
}
export type WizardPlace = NonNullable<Awaited<ReturnType<typeof wizardPlace>>>;

const bindingColumns = {
  id: rfidBindings.id,
  userId: rfidBindings.userId,
  status: rfidBindings.status,
  version: rfidBindings.version,
  uid: rfidBindings.uid,
  failReason: rfidBindings.failReason,
  deadlineAt: rfidBindings.deadlineAt,
  rfidTagId: rfidBindings.rfidTagId,
  stationId: stations.id,
  stationCode: stations.code,
  stationName: stations.name,
  stationAddress: stations.address,
  chargePointId: chargePoints.id,
  connectorId: connectors.id,
  connectorNumber: connectors.number,
  socketType: connectors.socketType,
};

function bindingQuery(db: Db) {
  return db
    .select(bindingColumns)
    .from(rfidBindings)
    .innerJoin(stations, eq(stations.id, rfidBindings.stationId))
    .innerJoin(connectors, eq(connectors.id, rfidBindings.connectorId))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id));
}

export async function bindingById(db: Db, id: string) {
  const [row] = await bindingQuery(db).where(eq(rfidBindings.id, id));
  return row;
}
export type BindingRow = NonNullable<Awaited<ReturnType<typeof bindingById>>>;

/** The station's open binding: its reader serves one wizard at a time. */
export async function openBindingAtStation(db: Db, stationId: string) {
  const [row] = await bindingQuery(db).where(
    and(eq(rfidBindings.stationId, stationId), inArray(rfidBindings.status, open)),
  );
  return row;
}

export async function openBindingAtConnector(db: Db, connectorId: string) {
  const [row] = await bindingQuery(db).where(
    and(eq(rfidBindings.connectorId, connectorId), inArray(rfidBindings.status, open)),
  );
  return row;
}

export async function openBindingsOfUser(db: Db, userId: string) {
  return db
    .select({ id: rfidBindings.id })
    .from(rfidBindings)
    .where(and(eq(rfidBindings.userId, userId), inArray(rfidBindings.status, open)));
}

export async function openBindingsAtStationIds(db: Db, stationId: string) {
  return db
    .select({ id: rfidBindings.id, userId: rfidBindings.userId })
    .from(rfidBindings)
    .where(and(eq(rfidBindings.stationId, stationId), inArray(rfidBindings.status, open)));
}

export async function insertBinding(
  db: Db,
  values: {
    userId: string;
    stationId: string;
    connectorId: string;
    status: RfidBindingStatus;
    deadlineAt: Date;
  },
) {
  const [row] = await db.insert(rfidBindings).values(values).returning({ id: rfidBindings.id });
  return row!.id;
}

/**
 * Moves an open binding on (only from one of `from`), one version further. Returns the user
 * to wake, or undefined when it was no longer in one of `from` (another change came first).
 */
export async function moveBinding(
  db: Db,
  id: string,
  from: readonly RfidBindingStatus[],
  to: {
    status: RfidBindingStatus;
    deadlineAt?: Date;
    uid?: string;
    failReason?: string;
    rfidTagId?: string;
  },
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(rfidBindings)
    .set({ ...to, version: sql`${rfidBindings.version} + 1`, updatedAt: now })
    .where(and(eq(rfidBindings.id, id), inArray(rfidBindings.status, [...from])))
    .returning({ userId: rfidBindings.userId });
  return row?.userId;
}

/** Open bindings whose step timed out become `expired`; returns the users to wake. */
export async function expireBindings(
  db: Db,
  where: { stationId?: string; id?: string; userId?: string },
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(rfidBindings)
    .set({ status: 'expired', version: sql`${rfidBindings.version} + 1`, updatedAt: now })
    .where(
      and(
        inArray(rfidBindings.status, open),
        lt(rfidBindings.deadlineAt, now),
        where.stationId ? eq(rfidBindings.stationId, where.stationId) : undefined,
        where.id ? eq(rfidBindings.id, where.id) : undefined,
        where.userId ? eq(rfidBindings.userId, where.userId) : undefined,
      ),
    )
    .returning({ userId: rfidBindings.userId });
  return rows.map((row) => row.userId);
}

const tagColumns = {
  id: rfidTags.id,
  uid: rfidTags.uid,
  name: rfidTags.name,
  isBlocked: rfidTags.isBlocked,
  createdAt: rfidTags.createdAt,
  lastUsedAt: rfidTags.lastUsedAt,
};
export type TagRow = {
  id: string;
  uid: string;
  name: string | null;
  isBlocked: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export async function insertTag(db: Db, values: { userId: string; uid: string; name: string }) {
  const [row] = await db.insert(rfidTags).values(values).returning(tagColumns);
  return row!;
}

export async function userTags(db: Db, userId: string): Promise<TagRow[]> {
  return db
    .select(tagColumns)
    .from(rfidTags)
    .where(and(eq(rfidTags.userId, userId), eq(rfidTags.isActive, true)))
    .orderBy(desc(rfidTags.createdAt), asc(rfidTags.id));
}

export async function userTag(db: Db, userId: string, id: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select(tagColumns)
    .from(rfidTags)
    .where(and(eq(rfidTags.id, id), eq(rfidTags.userId, userId), eq(rfidTags.isActive, true)));
  return row;
}

export async function updateUserTag(
  db: Db,
  userId: string,
  id: string,
  set: { name?: string; isBlocked?: boolean; isActive?: false; deletedAt?: Date },
): Promise<TagRow | undefined> {
  const [row] = await db
    .update(rfidTags)
    .set(set)
    .where(and(eq(rfidTags.id, id), eq(rfidTags.userId, userId), eq(rfidTags.isActive, true)))
    .returning(tagColumns);
  return row;
}

/**
 * The local authorization list's entries (OCPP 1.6 §3.5.3): every bound tag, Blocked when the
 * driver blocked it or the account is blocked, with the driver's group tag.
 */
export async function localListRows(db: Db) {
  return db
    .select({
      uid: rfidTags.uid,
      userId: rfidTags.userId,
      isBlocked: rfidTags.isBlocked,
      userBlocked: users.isBlocked,
    })
    .from(rfidTags)
    .innerJoin(users, eq(users.id, rfidTags.userId))
    .where(and(eq(rfidTags.isActive, true), sql`${users.deletedAt} is null`))
    .orderBy(asc(rfidTags.uid));
}

/** Charge points of stations that read tags, with what they were last sent. */
export async function localListChargePoints(db: Db, chargePointId?: string) {
  return db
    .select({
      id: chargePoints.id,
      version: chargePoints.localListVersion,
      digest: chargePoints.localListDigest,
      isUnsupported: chargePoints.localListUnsupported,
      connectedAt: chargePoints.connectedAt,
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      state: stations.state,
    })
    .from(chargePoints)
    .innerJoin(stations, eq(stations.id, chargePoints.stationId))
    .where(
      and(
        eq(stations.supportsRfid, true),
        eq(stations.isRoaming, false),
        chargePointId ? eq(chargePoints.id, chargePointId) : undefined,
      ),
    );
}

export async function saveLocalList(
  db: Db,
  chargePointId: string,
  set: { version?: number; digest?: string | null; isUnsupported?: boolean },
): Promise<void> {
  await db
    .update(chargePoints)
    .set({
      ...(set.version !== undefined ? { localListVersion: set.version } : {}),
      ...(set.digest !== undefined ? { localListDigest: set.digest } : {}),
      ...(set.isUnsupported !== undefined ? { localListUnsupported: set.isUnsupported } : {}),
    })
    .where(eq(chargePoints.id, chargePointId));
}
