import { expect } from 'vitest';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import { stationPageSchema, type StationSummary } from '@evcharge/api/stations/station-schemas';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { createUser, signInAs } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { addStations, type InsertedStation, type TestStation } from '../../test/station-builders';

// The stations the list and map tests share: a street going north from 10°N 20°E (1.11 km per
// 0.01°), private stations of two drivers, and three at the antimeridian.

export const allTypes = [...socketTypeIds];
export const centre = { lat: 10, lng: 20 };
export const area = { south: 9.9, west: 19.9, north: 10.2, east: 20.1 };

type Page = {
  items: StationSummary[];
  total: number;
  emptyReason: string | null;
  totalIsExact: boolean;
};

export type Street = {
  server: TestServer;
  ownerToken: string;
  otherToken: string;
  /** Station ids by the names below. */
  ids: Record<string, string>;
  add: (named: Record<string, TestStation>) => Promise<void>;
  /** A page through the contract (signed in with a token), checked against its schema. */
  list: (body: Record<string, unknown>, token?: string) => Promise<Page>;
  /** The names of a page's stations, in order. */
  names: (page: { items: { id: string }[] }) => string[];
};

export async function openStreet(): Promise<Street> {
  const server = await startTestServer();
  const owner = await createUser(server.db);
  const other = await createUser(server.db);
  const ids: Record<string, string> = {};
  const add = async (named: Record<string, TestStation>) => {
    const inserted: InsertedStation[] = await addStations(server, Object.values(named));
    Object.keys(named).forEach((name, i) => (ids[name] = (inserted[i] as InsertedStation).id));
  };
  await add({
    s1: { lat: 10, lng: 20, connectors: [{ socketType: 'type2', powerKw: 22 }] },
    s2: {
      lat: 10.01,
      lng: 20,
      connectors: [
        { socketType: 'ccs2', powerKw: 150, status: 'charging' },
        { socketType: 'type2', powerKw: 22 },
      ],
    },
    s3: {
      lat: 10.05,
      lng: 20,
      isLimitedAccess: true,
      connectors: [{ socketType: 'chademo', powerKw: 50 }],
    },
    s4: {
      lat: 10.1,
      lng: 20,
      isRoaming: true,
      roamingOperator: 'VoltNet',
      connectors: [{ socketType: 'ccs2', powerKw: 50 }],
    },
    s5: {
      lat: 10.02,
      lng: 20.02,
      connectors: [
        { socketType: 'type2', powerKw: 7.4, status: 'faulted' },
        { socketType: 'ccs2', powerKw: 350, status: 'charging' },
      ],
    },
    ownersPrivate: { lat: 10.03, lng: 20, isPrivate: true, ownerUserId: owner.id },
    othersPrivate: { lat: 10.04, lng: 20, isPrivate: true, ownerUserId: other.id },
    east: { lat: -17, lng: 179.95 },
    west: { lat: -17, lng: -179.95 },
    notQuite: { lat: -17, lng: 179 },
  });
  return {
    server,
    ownerToken: await signInAs(server, owner),
    otherToken: await signInAs(server, other),
    ids,
    add,
    list: async (body, token) => {
      const res = await server.call<Page>(token ? listStations : listStationsGuest, {
        body,
        token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return stationPageSchema.parse(res.body);
    },
    names: (page) =>
      page.items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id) ?? item.id),
  };
}
