import { and, desc, eq, inArray, isNotNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { cars } from '../../db/schema/driver';
import { connectors, stations } from '../../db/schema/stations';
import type { SessionRow } from './repo';

// Sessions as the charging screens show them: each with its station, connector and car.

const columns = {
  session: chargingSessions,
  station: {
    id: stations.id,
    code: stations.code,
    name: stations.name,
    address: stations.address,
    utcOffsetMinutes: stations.utcOffsetMinutes,
  },
  connector: {
    id: connectors.id,
    number: connectors.number,
    socketType: connectors.socketType,
    currentType: connectors.currentType,
    powerW: connectors.powerW,
    status: connectors.status,
  },
  car: { batteryKwh: cars.batteryKwh },
};

export type ChargeRow = {
  session: SessionRow;
  station: Charge['station'];
  connector: Charge['connector'];
  car: { batteryKwh: number | null } | null;
};

export async function chargeRows(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ChargeRow[]> {
  const query = db
    .select(columns)
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(cars, eq(cars.id, chargingSessions.carId))
    .where(where)
    .orderBy(desc(chargingSessions.createdAt), desc(chargingSessions.transactionId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ connector: { powerW, ...connector }, ...row }) => ({
    ...row,
    connector: { ...connector, powerKw: powerW / 1000 },
  }));
}

/** One session of a user by transactionId; another user's session is not found. */
export async function userChargeRow(db: Db, userId: string, transactionId: number) {
  const [row] = await chargeRows(
    db,
    and(eq(chargingSessions.userId, userId), eq(chargingSessions.transactionId, transactionId)),
  );
  return row;
}

export async function chargeRowsByIds(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? [] : chargeRows(db, inArray(chargingSessions.id, [...ids]));
}

/** Open sessions, and finished ones (that started) whose summary the driver has not closed. */
export async function currentChargeRows(db: Db, userId: string): Promise<ChargeRow[]> {
  return chargeRows(
    db,
    and(
      eq(chargingSessions.userId, userId),
      eq(chargingSessions.isUserClosed, false),
      ne(chargingSessions.status, 'cancelled'),
    ),
    { limit: 20, offset: 0 },
  );
}

/** The driver's open sessions (preparing, charging, parking …), newest first. */
export async function openChargeRows(db: Db, userId: string): Promise<ChargeRow[]> {
  return chargeRows(
    db,
    and(
      eq(chargingSessions.userId, userId),
      notInArray(chargingSessions.status, ['success', 'cancelled']),
    ),
    { limit: 20, offset: 0 },
  );
}

/**
 * The driver's latest sessions, newest first: a running one counts among them (SPEC §6 support
 * sees what the driver is doing now), a cancelled one only if it started.
 */
export async function latestChargeRows(
  db: Db,
  userId: string,
  limit: number,
): Promise<ChargeRow[]> {
  return chargeRows(
    db,
    and(
      eq(chargingSessions.userId, userId),
      or(ne(chargingSessions.status, 'cancelled'), isNotNull(chargingSessions.startedAt)),
    ),
    { limit, offset: 0 },
  );
}
