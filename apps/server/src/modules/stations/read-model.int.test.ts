import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listStationsGuest } from '@evcharge/api/stations/list-stations';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { connectors, stations } from '../../db/schema/stations';
import { addStation, insertTestStations } from '../../test/station-builders';
import { createStationReadModel } from './read-model';
import { stationIdsInBounds } from './repo';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

const allTypes = [...socketTypeIds];
const area = { south: 50, west: 50, north: 51, east: 51 };

async function listIds(body: Record<string, unknown>): Promise<string[]> {
  const res = await server.call<{ items: StationSummary[] }>(listStationsGuest, {
    body: { connectorTypes: allTypes, bounds: area, pageSize: 200, ...body },
  });
  return res.body.items.map((item) => item.id);
}

describe('the read model follows the database', () => {
  it('sees a connector status change after refreshStation', async () => {
    const station = await addStation(server, { lat: 50.5, lng: 50.5 });
    expect(await listIds({ onlyAvailable: true })).toContain(station.id);
    await server.db
      .update(connectors)
      .set({ status: 'charging', statusAt: new Date() })
      .where(eq(connectors.stationId, station.id));
    // The database is the source of truth, and the model shows it once told of the change.
    expect(await listIds({ onlyAvailable: true })).toContain(station.id);
    await server.app.stationReadModel.refreshStation(station.id);
    expect(await listIds({ onlyAvailable: true })).not.toContain(station.id);
    expect(await listIds({})).toContain(station.id);
  });

  it('takes a status from OCPP without reading the database', async () => {
    const station = await addStation(server, {
      lat: 50.6,
      lng: 50.6,
      connectors: [{ status: 'charging' }],
    });
    expect(await listIds({ onlyAvailable: true })).not.toContain(station.id);
    const updated = server.app.stationReadModel.setConnectorStatus({
      stationId: station.id,
      connectorId: station.connectorIds[0] as string,
      status: 'available',
      at: new Date(),
    });
    expect(updated).toBe(true);
    expect(await listIds({ onlyAvailable: true })).toContain(station.id);
    const unknown = {
      stationId: station.id,
      connectorId: station.id,
      status: 'available' as const,
      at: new Date(),
    };
    expect(server.app.stationReadModel.setConnectorStatus(unknown)).toBe(false);
  });

  it('adds, moves and removes stations on refresh', async () => {
    const [added] = await insertTestStations(server.db, [{ lat: 50.7, lng: 50.7 }]);
    const id = added?.id as string;
    expect(await listIds({})).not.toContain(id);
    await server.app.stationReadModel.refreshStation(id);
    expect(await listIds({})).toContain(id);

    await server.db.update(stations).set({ lat: 10, lng: 10 }).where(eq(stations.id, id));
    await server.app.stationReadModel.refreshStation(id);
    expect(await listIds({})).not.toContain(id);
    expect(await listIds({ bounds: { south: 9, west: 9, north: 11, east: 11 } })).toContain(id);

    await server.db.delete(stations).where(eq(stations.id, id));
    await server.app.stationReadModel.refreshStation(id);
    expect(await listIds({ bounds: { south: 9, west: 9, north: 11, east: 11 } })).not.toContain(id);
  });

  it('loads every station at start-up', async () => {
    const model = await createStationReadModel(server.db);
    const [count] = await server.db.select({ n: sql<number>`count(*)::int` }).from(stations);
    expect(model.snapshot().size).toBe(Number(count?.n));
  });
});

describe('the database bounds query', () => {
  it('finds the same stations as the read model, also across the antimeridian', async () => {
    await insertTestStations(server.db, [
      { lat: -16.5, lng: 179.9 },
      { lat: -16.6, lng: -179.8 },
      { lat: -16.6, lng: 178 },
    ]);
    await server.app.stationReadModel.reload();
    for (const bounds of [area, { south: -17, west: 179.5, north: -16, east: -179.5 }]) {
      const fromDb = await stationIdsInBounds(server.db, bounds);
      expect(fromDb.length).toBeGreaterThan(0);
      expect(fromDb.sort()).toEqual((await listIds({ bounds })).sort());
    }
  });

  it('is answered by the GiST index on the location', async () => {
    const plan = (await server.db.transaction(async (tx) => {
      // A handful of rows would be read sequentially anyway; ask what the index can do.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from stations where point(lng, lat) <@ box(point(50, 50), point(51, 51))`,
      );
    })) as unknown as { rows: Record<string, string>[] };
    const text = plan.rows.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toContain('stations_location_gist_idx');
  });
});
