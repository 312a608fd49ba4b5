import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { holdingReservationStatuses } from '@evcharge/domain/reservation';
import type { Sharing } from '@evcharge/domain/private-station';
import type { Tariff } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import { reservations } from '../../db/schema/charging';
import { privateStations } from '../../db/schema/private-stations';
import { roamingTariffs } from '../../db/schema/roaming';
import { sharingColumns, withSharing } from '../../db/sharing';
import {
  connectors,
  favouriteStations,
  stations,
  tariffs,
  tariffZones,
} from '../../db/schema/stations';
import type { Bounds } from './geo';
import type { ConnectorDetailRow, ConnectorRow, StationRow } from './station-view';

const rowColumns = {
  id: stations.id,
  code: stations.code,
  name: stations.name,
  address: stations.address,
  city: stations.city,
  country: stations.country,
  lat: stations.lat,
  lng: stations.lng,
  supportsRfid: stations.supportsRfid,
  isRoaming: stations.isRoaming,
  roamingOperator: stations.roamingOperator,
  isLimitedAccess: stations.isLimitedAccess,
  isPrivate: stations.isPrivate,
  ownerUserId: stations.ownerUserId,
  utcOffsetMinutes: stations.utcOffsetMinutes,
  state: stations.state,
};

const connectorColumns = {
  id: connectors.id,
  number: connectors.number,
  socketType: connectors.socketType,
  currentType: connectors.currentType,
  powerW: connectors.powerW,
  amperage: connectors.amperage,
  status: connectors.status,
};

/**
 * One string for each distinct value of a field that repeats from station to station (a
 * country, a city, a connector's type, current and status). The driver makes a new string per
 * row and field; the read model keeps every station for the life of the process, and shared
 * values are about 900,000 fewer objects in it at 100,000 stations, for every full
 * collection to mark (bench/RESULTS.md). At most `limit` values are shared; the rest are kept
 * as read.
 */
export function sharedValues(limit = 10_000) {
  const seen = new Map<string, string>();
  return <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const found = seen.get(value);
    if (found !== undefined) return found as T;
    if (seen.size < limit) seen.set(value, value);
    return value;
  };
}

async function connectorsByStation(
  db: Db,
  stationIds?: readonly string[],
  shared = sharedValues(),
) {
  const rows = await db
    .select({ stationId: connectors.stationId, ...connectorColumns })
    .from(connectors)
    .where(stationIds ? inArray(connectors.stationId, [...stationIds]) : undefined)
    .orderBy(asc(connectors.stationId), asc(connectors.number));
  const byStation = new Map<string, ConnectorRow[]>();
  for (const { stationId, ...read } of rows) {
    const connector: ConnectorRow = {
      ...read,
      socketType: shared(read.socketType),
      currentType: shared(read.currentType),
      status: shared(read.status),
    };
    const list = byStation.get(stationId);
    if (list) list.push(connector);
    else byStation.set(stationId, [connector]);
  }
  return byStation;
}

/** Stations with their connectors for the read model: all of them, or the ones asked for. */
export async function loadStationRows(db: Db, ids?: readonly string[]): Promise<StationRow[]> {
  if (ids?.length === 0) return [];
  const rows = await db
    .select({ ...rowColumns, ...sharingColumns })
    .from(stations)
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(ids ? inArray(stations.id, [...ids]) : undefined);
  const shared = sharedValues();
  const byStation = await connectorsByStation(db, ids, shared);
  return rows.map((row) => ({
    ...withSharing(row),
    city: shared(row.city),
    country: shared(row.country),
    state: shared(row.state),
    roamingOperator: shared(row.roamingOperator),
    connectors: byStation.get(row.id) ?? [],
  }));
}

export type StationDetailRow = typeof stations.$inferSelect & {
  sharing: Sharing | null;
  connectors: ConnectorDetailRow[];
};

/** One station with everything the detail screen shows, or undefined. */
export async function loadStationDetailRow(
  db: Db,
  id: string,
): Promise<StationDetailRow | undefined> {
  const [row] = await db
    .select({ station: stations, ...sharingColumns })
    .from(stations)
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(stations.id, id));
  if (!row) return undefined;
  const { station, sharing } = withSharing(row);
  const connectorRows = await db
    .select({ ...connectorColumns, statusAt: connectors.statusAt })
    .from(connectors)
    .where(eq(connectors.stationId, id))
    .orderBy(asc(connectors.number));
  return { ...station, sharing, connectors: connectorRows };
}

export type TariffWithIdle = { tariff: Tariff; freeIdleMinutes: number };

/** Tariffs by id in the domain's shape, zones in their order of precedence. */
export async function loadTariffs(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, TariffWithIdle>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tariffs)
    .where(inArray(tariffs.id, [...ids]));
  const zones = await db
    .select()
    .from(tariffZones)
    .where(inArray(tariffZones.tariffId, [...ids]))
    .orderBy(asc(tariffZones.position));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        freeIdleMinutes: row.freeIdleMinutes,
        tariff: {
          currency: row.currency,
          startFeeMinor: row.startFeeMinor,
          firstConsumptionFeeMinor: row.firstConsumptionFeeMinor,
          reservationFeeMinor: row.reservationFeeMinor,
          reservationPerMinuteMinor: row.reservationPerMinuteMinor,
          minimalCostMinor: row.minimalCostMinor,
          perKwhMinor: row.perKwhMinor,
          perMinuteMinor: row.perMinuteMinor,
          parkingPerMinuteMinor: row.parkingPerMinuteMinor,
          zones: zones
            .filter((zone) => zone.tariffId === row.id)
            .map((zone) => ({
              from: zone.fromTime,
              to: zone.toTime,
              perKwhMinor: zone.perKwhMinor,
              perMinuteMinor: zone.perMinuteMinor,
              parkingPerMinuteMinor: zone.parkingPerMinuteMinor,
            })),
        },
      },
    ]),
  );
}

export async function isFavourite(db: Db, userId: string, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ stationId: favouriteStations.stationId })
    .from(favouriteStations)
    .where(and(eq(favouriteStations.userId, userId), eq(favouriteStations.stationId, stationId)));
  return row !== undefined;
}

/** The connector a QR code names (alt_name is unique), with what decides who may see it. */
export async function findConnectorByQr(db: Db, altName: string, connectorNumber: number) {
  const [row] = await db
    .select({
      stationId: stations.id,
      connectorId: connectors.id,
      connectorNumber: connectors.number,
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      ...sharingColumns,
    })
    .from(stations)
    .innerJoin(connectors, eq(connectors.stationId, stations.id))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(and(eq(stations.altName, altName), eq(connectors.number, connectorNumber)));
  return row && withSharing(row);
}

// point(lng, lat) <@ box(...) is what the GiST index stations_location_gist_idx answers
// (drizzle/0002_station_location.sql); the expression must match the index's exactly.
function insideBox(bounds: Bounds): SQL {
  const location = sql`point(${stations.lng}, ${stations.lat})`;
  const box = (west: number, east: number) =>
    sql`${location} <@ box(point(${west}, ${bounds.south}), point(${east}, ${bounds.north}))`;
  if (bounds.west <= bounds.east) return box(bounds.west, bounds.east);
  return sql`(${box(bounds.west, 180)} or ${box(-180, bounds.east)})`;
}

/**
 * Ids of the stations in a box, straight from the database (the source of truth). Requests
 * are answered from the read model; this is the indexed query for everything else that needs
 * a viewport (consistency checks, tools, a future read model that loads by region).
 */
export async function stationIdsInBounds(db: Db, bounds: Bounds): Promise<string[]> {
  const rows = await db.select({ id: stations.id }).from(stations).where(insideBox(bounds));
  return rows.map((row) => row.id);
}

/** The reservations holding the station's connectors at `at` (SPEC §4 Reserved 8). */
export async function stationHolds(db: Db, stationId: string, at: Date) {
  return db
    .select({
      connectorId: reservations.connectorId,
      userId: reservations.userId,
      endsAt: reservations.endsAt,
    })
    .from(reservations)
    .innerJoin(connectors, eq(connectors.id, reservations.connectorId))
    .where(
      and(
        eq(connectors.stationId, stationId),
        inArray(reservations.status, [...holdingReservationStatuses]),
        lte(reservations.startsAt, at),
        gt(reservations.endsAt, at),
      ),
    );
}

/**
 * A roaming partner's station (SPEC §1): the partner's tariff ids its connectors name, and
 * those tariffs as the partner sent them (roaming_tariffs).
 */
export async function roamingTariffsOf(db: Db, stationId: string, partnerId: string) {
  const named = await db
    .select({ id: connectors.id, tariffIds: connectors.ocpiTariffIds })
    .from(connectors)
    .where(eq(connectors.stationId, stationId));
  const ids = [...new Set(named.flatMap((row) => row.tariffIds ?? []))];
  const tariffs =
    ids.length === 0
      ? []
      : await db
          .select({ id: roamingTariffs.ocpiId, tariff: roamingTariffs.tariff })
          .from(roamingTariffs)
          .where(and(eq(roamingTariffs.partnerId, partnerId), inArray(roamingTariffs.ocpiId, ids)))
          .orderBy(asc(roamingTariffs.ocpiId));
  return {
    byConnector: new Map(named.map((row) => [row.id, row.tariffIds ?? []])),
    tariffs,
  };
}
