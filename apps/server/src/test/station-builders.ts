import { randomBytes } from 'node:crypto';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import type { CurrentType, SocketTypeId } from '@evcharge/domain/socket-type';
import { socketTypes } from '@evcharge/domain/socket-type';
import type { Db } from '../db/client';
import {
  connectors,
  stations,
  tariffs,
  tariffZones,
  weekDays,
  type Schedule,
} from '../db/schema/stations';
import type { TestServer } from './harness';

// Small stations at known places for the stations tests; the 300-station demo is too big to
// reason about in an assertion.

export type TestConnector = {
  socketType?: SocketTypeId;
  currentType?: CurrentType;
  powerKw?: number;
  amperage?: number;
  status?: ConnectorStatus;
  statusAt?: Date;
};

export type TestStation = Partial<
  Omit<typeof stations.$inferInsert, 'id' | 'code' | 'altName' | 'tariffId'>
> & {
  lat: number;
  lng: number;
  tariffId?: string;
  connectors?: TestConnector[];
};

export type InsertedStation = {
  id: string;
  code: string;
  altName: string;
  connectorIds: string[];
};

export const allDay: Schedule = Object.fromEntries(
  weekDays.map((day) => [day, [{ from: '00:00', to: '24:00' }]]),
) as Schedule;

/** A tariff (rub unless said) with optional zones; returns its id. */
export async function insertTestTariff(
  db: Db,
  overrides: Partial<typeof tariffs.$inferInsert> = {},
  zones: Omit<typeof tariffZones.$inferInsert, 'tariffId' | 'position'>[] = [],
): Promise<string> {
  const [row] = await db
    .insert(tariffs)
    .values({ name: 'Test tariff', currency: 'rub', perKwhMinor: 1500, ...overrides })
    .returning({ id: tariffs.id });
  if (!row) throw new Error('tariff insert failed');
  if (zones.length > 0) {
    await db
      .insert(tariffZones)
      .values(zones.map((zone, position) => ({ ...zone, tariffId: row.id, position })));
  }
  return row.id;
}

function connectorRow(stationId: string, connector: TestConnector, index: number) {
  const socketType = connector.socketType ?? 'type2';
  const currentType = connector.currentType ?? socketTypes[socketType].currentTypes[0];
  return {
    stationId,
    number: index + 1,
    socketType,
    currentType,
    powerW: Math.round((connector.powerKw ?? (currentType === 'DC' ? 50 : 22)) * 1000),
    amperage: connector.amperage ?? (currentType === 'DC' ? 125 : 32),
    status: connector.status ?? 'available',
    statusAt: connector.statusAt ?? new Date(),
  };
}

/** Inserts stations (one Type 2 22 kW connector unless said) into the database only. */
export async function insertTestStations(
  db: Db,
  list: readonly TestStation[],
): Promise<InsertedStation[]> {
  const defaultTariff = list.some((s) => !s.tariffId) ? await insertTestTariff(db) : undefined;
  const inserted: InsertedStation[] = [];
  for (const { connectors: connectorList, ...station } of list) {
    const suffix = randomBytes(4).toString('hex').toUpperCase();
    const [row] = await db
      .insert(stations)
      .values({
        code: `T-${suffix}`,
        altName: `T${suffix}`,
        name: `Test station ${suffix}`,
        address: 'Test street, 1',
        region: 'Test region',
        city: 'Testcity',
        country: 'ru',
        schedule: allDay,
        workHours: '24/7',
        utcOffsetMinutes: 0,
        ...station,
        tariffId: station.tariffId ?? (defaultTariff as string),
      })
      .returning({ id: stations.id, code: stations.code, altName: stations.altName });
    if (!row) throw new Error('station insert failed');
    const rows = (connectorList ?? [{}]).map((c, i) => connectorRow(row.id, c, i));
    const ids = await db.insert(connectors).values(rows).returning({ id: connectors.id });
    inserted.push({ ...row, connectorIds: ids.map((c) => c.id) });
  }
  return inserted;
}

/** Inserts stations and makes the server's read model see them, as a real change would. */
export async function addStations(
  server: TestServer,
  list: readonly TestStation[],
): Promise<InsertedStation[]> {
  const inserted = await insertTestStations(server.db, list);
  await server.app.stationReadModel.refreshStations(inserted.map((s) => s.id));
  return inserted;
}

export async function addStation(server: TestServer, station: TestStation) {
  const [inserted] = await addStations(server, [station]);
  return inserted as InsertedStation;
}
