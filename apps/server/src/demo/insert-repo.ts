import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { connectors, stations, tariffs, tariffZones } from '../db/schema/stations';
import type { GeneratedStation } from './stations';
import { tariffFor, type TariffKey } from './tariffs';

// Rows per INSERT. Each chunk is one JSON parameter, so only the statement size limits it.
const STATION_CHUNK = 5000;
const CONNECTOR_CHUNK = 20_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Inserts rows (keyed like the drizzle table) as one JSON parameter unpacked by
 * json_to_recordset. A drizzle insert binds one parameter per value, and building those
 * statements took most of the minute that 100,000 benchmark stations used to need.
 */
async function insertAsJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(
      ([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]]),
      ),
    ),
  );
  await db.execute(
    sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${json}::json) as r(${types})`,
  );
}

/** Inserts generated stations with their tariffs and connectors in one transaction. */
export async function insertStations(
  db: Db,
  generated: readonly GeneratedStation[],
  options: { ownerUserId?: (station: GeneratedStation) => string | null } = {},
): Promise<void> {
  const now = Date.now();
  const keys = [
    ...new Set(
      generated.flatMap((s) => (s.nextTariffKey ? [s.tariffKey, s.nextTariffKey] : [s.tariffKey])),
    ),
  ] as TariffKey[];
  // tariffFor hashes its key: once per tariff, not once per station.
  const tariffIds = new Map(keys.map((key) => [key, tariffFor(key).tariff.id as string]));
  await db.transaction(async (tx) => {
    for (const key of keys) {
      const { tariff, zones } = tariffFor(key);
      const inserted = await tx.insert(tariffs).values(tariff).onConflictDoNothing().returning();
      if (inserted.length > 0 && zones.length > 0) await tx.insert(tariffZones).values(zones);
    }
    for (const part of chunks(generated, STATION_CHUNK)) {
      await insertAsJson(
        tx,
        stations,
        part.map((generatedStation) => {
          const {
            connectors: _connectors,
            tariffKey,
            nextTariffKey,
            tariffChangesInDays,
            ...station
          } = generatedStation;
          const owner = station.isPrivate ? options.ownerUserId?.(generatedStation) : null;
          return {
            ...station,
            tariffId: tariffIds.get(tariffKey) as string,
            nextTariffId: nextTariffKey ? (tariffIds.get(nextTariffKey) as string) : null,
            tariffChangesAt:
              tariffChangesInDays === null
                ? null
                : new Date(now + tariffChangesInDays * 86_400_000),
            ownerUserId: owner ?? null,
            // SPEC §4: stations that read RFID tags also take chosen-period reservations.
            supportsPeriodReservation: station.supportsRfid,
          };
        }),
      );
    }
    const connectorRows = generated.flatMap((station) =>
      station.connectors.map(({ statusMinutesAgo, ...connector }) => ({
        ...connector,
        stationId: station.id,
        statusAt: new Date(now - statusMinutesAgo * 60_000),
      })),
    );
    for (const part of chunks(connectorRows, CONNECTOR_CHUNK)) {
      await insertAsJson(tx, connectors, part);
    }
  });
}

export async function countStations(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stations);
  return Number(row?.n ?? 0);
}
