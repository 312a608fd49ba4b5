import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { connectors, stations, tariffs, tariffZones } from '../schema/stations';
import type { GeneratedStation } from './stations';
import { tariffFor, type TariffKey } from './tariffs';

// Rows per INSERT: well under PostgreSQL's 65,535 bound parameters per statement.
const STATION_CHUNK = 500;
const CONNECTOR_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Inserts generated stations with their tariffs and connectors in one transaction. */
export async function insertStations(
  db: Db,
  generated: readonly GeneratedStation[],
  options: { ownerUserId?: (station: GeneratedStation) => string | null } = {},
): Promise<void> {
  const now = Date.now();
  const keys = [...new Set(generated.map((s) => s.tariffKey))] as TariffKey[];
  await db.transaction(async (tx) => {
    for (const key of keys) {
      const { tariff, zones } = tariffFor(key);
      const inserted = await tx.insert(tariffs).values(tariff).onConflictDoNothing().returning();
      if (inserted.length > 0 && zones.length > 0) await tx.insert(tariffZones).values(zones);
    }
    for (const part of chunks(generated, STATION_CHUNK)) {
      await tx.insert(stations).values(
        part.map((generatedStation) => {
          const { connectors: _connectors, tariffKey, ...station } = generatedStation;
          const owner = station.isPrivate ? options.ownerUserId?.(generatedStation) : null;
          return {
            ...station,
            tariffId: tariffFor(tariffKey).tariff.id as string,
            ownerUserId: owner ?? null,
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
      await tx.insert(connectors).values(part);
    }
  });
}

export async function countStations(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stations);
  return Number(row?.n ?? 0);
}
