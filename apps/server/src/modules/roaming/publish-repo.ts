import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargePoints } from '../../db/schema/ocpp';
import { connectors, stations, tariffs, tariffZones } from '../../db/schema/stations';

// Queries of what we publish to roaming partners as a CPO (publish.ts): our public stations
// with a charge point, and their tariffs.

/** When a station last changed for a partner: its creation or a connector's status. */
const lastUpdated = sql<Date>`greatest(${stations.createdAt}, coalesce((select max(${connectors.statusAt}) from ${connectors} where ${connectors.stationId} = ${stations.id}), ${stations.createdAt}))`;

const published = and(
  eq(stations.isPrivate, false),
  eq(stations.isRoaming, false),
  sql`exists (select 1 from ${chargePoints} where ${chargePoints.stationId} = ${stations.id})`,
);

function window(column: SQL<Date>, query: { dateFrom?: Date; dateTo?: Date }) {
  return and(
    query.dateFrom ? gte(column, query.dateFrom) : undefined,
    query.dateTo ? lt(column, query.dateTo) : undefined,
  );
}

export async function publishedStationPage(
  db: Db,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number; code?: string },
) {
  const where = and(published, window(lastUpdated, query), query.code ? eq(stations.code, query.code) : undefined);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(stations).where(where);
  const rows = await db
    .select({
      id: stations.id,
      code: stations.code,
      name: stations.name,
      address: stations.address,
      city: stations.city,
      country: stations.country,
      lat: stations.lat,
      lng: stations.lng,
      schedule: stations.schedule,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      tariffId: stations.tariffId,
      createdAt: stations.createdAt,
      lastUpdated,
    })
    .from(stations)
    .where(where)
    .orderBy(asc(stations.code))
    .offset(query.offset)
    .limit(query.limit);
  return {
    total: count?.total ?? 0,
    rows: rows.map((row) => ({ ...row, lastUpdated: new Date(row.lastUpdated) })),
  };
}
export type PublishedStation = Awaited<ReturnType<typeof publishedStationPage>>['rows'][number];

export async function publishedConnectors(db: Db, stationIds: readonly string[]) {
  if (stationIds.length === 0) return [];
  return db
    .select({
      id: connectors.id,
      stationId: connectors.stationId,
      number: connectors.number,
      socketType: connectors.socketType,
      currentType: connectors.currentType,
      powerW: connectors.powerW,
      amperage: connectors.amperage,
      status: connectors.status,
      statusAt: connectors.statusAt,
    })
    .from(connectors)
    .where(inArray(connectors.stationId, [...stationIds]))
    .orderBy(asc(connectors.stationId), asc(connectors.number));
}

/** The tariffs our published stations use (now or from their next change). */
export async function publishedTariffPage(
  db: Db,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
) {
  const used = sql`${tariffs.id} in (select ${stations.tariffId} from ${stations} where ${published} union select ${stations.nextTariffId} from ${stations} where ${published})`;
  const where = and(used, window(sql<Date>`${tariffs.createdAt}`, query));
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(tariffs).where(where);
  const rows = await db
    .select()
    .from(tariffs)
    .where(where)
    .orderBy(asc(tariffs.createdAt), asc(tariffs.id))
    .offset(query.offset)
    .limit(query.limit);
  return { total: count?.total ?? 0, rows };
}

export async function publishedZones(db: Db, tariffIds: readonly string[]) {
  if (tariffIds.length === 0) return [];
  const rows = await db
    .select({
      tariffId: tariffZones.tariffId,
      from: tariffZones.fromTime,
      to: tariffZones.toTime,
      perKwhMinor: tariffZones.perKwhMinor,
      perMinuteMinor: tariffZones.perMinuteMinor,
      parkingPerMinuteMinor: tariffZones.parkingPerMinuteMinor,
    })
    .from(tariffZones)
    .where(inArray(tariffZones.tariffId, [...tariffIds]))
    .orderBy(asc(tariffZones.tariffId), asc(tariffZones.position));
  return rows;
}

/** The station's code when we offer it to partners (publish.ts), else undefined. */
export async function isPublishedStation(db: Db, stationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: stations.code })
    .from(stations)
    .where(and(eq(stations.id, stationId), published));
  return row?.code;
}
