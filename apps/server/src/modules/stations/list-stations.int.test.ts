import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import { mapPoints } from '@evcharge/api/stations/map-points';
import { STATION_TOTAL_COUNTED, type StationSummary } from '@evcharge/api/stations/station-schemas';
import type { ErrorBody } from '@evcharge/domain/errors';
import type { TestStation } from '../../test/station-builders';
import { distanceKm } from './geo';
import { bandOf } from './spatial-index';
import { allTypes, area, centre, openStreet, type Street } from './street-fixture';

let street: Street;
let ids: Street['ids'];
let list: Street['list'];
let names: Street['names'];
let ownerToken: string;
let otherToken: string;
type Page = { items: StationSummary[] };

beforeAll(async () => {
  street = await openStreet();
  ({ ids, list, names, ownerToken, otherToken } = street);
});
afterAll(async () => {
  await street?.server.close();
});

describe('filters one by one', () => {
  it('connector types', async () => {
    expect(names(await list({ connectorTypes: ['chademo'], bounds: area }))).toEqual(['s3']);
  });

  it('power range on the connector', async () => {
    const fast = await list({
      connectorTypes: ['ccs2', 'type2'],
      powerKw: { min: 100 },
      bounds: area,
    });
    expect(names(fast).sort()).toEqual(['s2', 's5']);
    const slow = await list({ connectorTypes: ['type2'], powerKw: { max: 10 }, bounds: area });
    expect(names(slow)).toEqual(['s5']);
    // 7.4 kW is exactly 7400 W: a bound at 7.4 keeps it.
    const exact = await list({
      connectorTypes: ['type2'],
      powerKw: { min: 7.4, max: 7.4 },
      bounds: area,
    });
    expect(names(exact)).toEqual(['s5']);
  });

  it('near with a radius: nearest first, distances on the great circle', async () => {
    const page = await list({ connectorTypes: allTypes, near: { ...centre, radiusKm: 6 } });
    expect(names(page)).toEqual(['s1', 's2', 's5', 's3']);
    for (const item of page.items) {
      expect(item.distanceKm).toBeCloseTo(distanceKm(centre, item), 2);
    }
    expect(page.items[2]?.distanceKm).toBeCloseTo(3.13, 1);
  });

  it('near without a radius sorts the whole map', async () => {
    const page = await list({ connectorTypes: allTypes, near: centre, pageSize: 3 });
    expect(names(page)).toEqual(['s1', 's2', 's5']);
    expect(page.total).toBe(8);
  });

  it('bounds, also across the antimeridian', async () => {
    const box = { south: 9.995, west: 19.99, north: 10.015, east: 20.01 };
    expect(names(await list({ connectorTypes: allTypes, bounds: box })).sort()).toEqual([
      's1',
      's2',
    ]);
    const wrap = { south: -18, west: 179.5, north: -16, east: -179.5 };
    expect(names(await list({ connectorTypes: allTypes, bounds: wrap })).sort()).toEqual([
      'east',
      'west',
    ]);
  });

  it('restricted places and roaming', async () => {
    const all = await list({ connectorTypes: allTypes, bounds: area });
    expect(names(all).sort()).toEqual(['s1', 's2', 's3', 's4', 's5']);
    const noRestricted = await list({
      connectorTypes: allTypes,
      bounds: area,
      includeRestricted: false,
    });
    expect(names(noRestricted)).not.toContain('s3');
    const noRoaming = await list({ connectorTypes: allTypes, bounds: area, includeRoaming: false });
    expect(names(noRoaming).sort()).toEqual(['s1', 's2', 's3', 's5']);
    expect(all.items.find((s) => s.id === ids.s4)).toMatchObject({
      isRoaming: true,
      roamingOperator: 'VoltNet',
    });
  });

  it('only available: the matching connector itself is free', async () => {
    const page = await list({ connectorTypes: ['ccs2'], bounds: area, onlyAvailable: true });
    expect(names(page)).toEqual(['s4']);
  });
});

describe('filters combined', () => {
  it('type and power must hold on the same connector', async () => {
    // s2 has Type 2 (22 kW) and CCS2 (150 kW): "Type 2 above 100 kW" is no match.
    const page = await list({ connectorTypes: ['type2'], powerKw: { min: 100 }, bounds: area });
    expect(page).toMatchObject({ items: [], total: 0, emptyReason: 'NO_MATCHING_PORTS' });
  });

  it('near, radius, power, availability and roaming together', async () => {
    const body = {
      connectorTypes: ['ccs2', 'chademo'],
      near: { ...centre, radiusKm: 12 },
      powerKw: { min: 50, max: 100 },
    };
    expect(names(await list(body))).toEqual(['s3', 's4']);
    expect(names(await list({ ...body, includeRoaming: false }))).toEqual(['s3']);
    expect(names(await list({ ...body, includeRestricted: false, onlyAvailable: true }))).toEqual([
      's4',
    ]);
  });

  it('bounds and near: inside both, sorted by distance', async () => {
    const page = await list({
      connectorTypes: allTypes,
      bounds: { south: 10.005, west: 19.9, north: 10.2, east: 20.1 },
      near: { ...centre, radiusKm: 6 },
    });
    expect(names(page)).toEqual(['s2', 's5', 's3']);
  });
});

describe('empty answers say why', () => {
  it('NO_STATIONS_FOUND when nothing is in the area', async () => {
    const page = await list({
      connectorTypes: allTypes,
      bounds: { south: 40, west: -40, north: 41, east: -39 },
    });
    expect(page).toMatchObject({ items: [], total: 0, emptyReason: 'NO_STATIONS_FOUND' });
    const far = await list({ connectorTypes: allTypes, near: { lat: 40, lng: -40, radiusKm: 50 } });
    expect(far.emptyReason).toBe('NO_STATIONS_FOUND');
  });

  it('NO_MATCHING_PORTS when stations are there but no port fits', async () => {
    const page = await list({ connectorTypes: ['gbt-dc'], near: { ...centre, radiusKm: 6 } });
    expect(page).toMatchObject({ total: 0, emptyReason: 'NO_MATCHING_PORTS' });
  });

  it('null when something matched, even past the last page', async () => {
    const page = await list({ connectorTypes: allTypes, bounds: area, page: 9 });
    expect(page).toMatchObject({ items: [], total: 5, page: 9, emptyReason: null });
  });
});

describe('paging', () => {
  beforeAll(async () => {
    const grid: Record<string, TestStation> = {};
    for (let i = 0; i < 25; i++)
      grid[`p${i}`] = { lat: 30 + (i % 5) * 0.01, lng: 30 + Math.floor(i / 5) * 0.01 };
    await street.add(grid);
  });
  const paged = { south: 29.9, west: 29.9, north: 30.1, east: 30.1 };

  it.each([
    ['in the fixed order', {}],
    ['nearest first', { near: { lat: 30, lng: 30 } }],
  ])('pages %s do not overlap and add up to the total', async (_name, extra) => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await list({
        connectorTypes: allTypes,
        bounds: paged,
        page,
        pageSize: 10,
        ...extra,
      });
      expect(answer).toMatchObject({ total: 25, page, pageSize: 10, emptyReason: null });
      expect(answer.items).toHaveLength(page < 3 ? 10 : 5);
      seen.push(...answer.items.map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(25);
    const again = await list({
      connectorTypes: allTypes,
      bounds: paged,
      page: 2,
      pageSize: 10,
      ...extra,
    });
    expect(again.items.map((i) => i.id)).toEqual(seen.slice(10, 20));
  });

  it('sorts by distance with near, in a fixed order without', async () => {
    const body = { connectorTypes: allTypes, bounds: paged, pageSize: 200 };
    const plain = await list(body);
    expect((await list(body)).items.map((i) => i.id)).toEqual(plain.items.map((i) => i.id));
    expect(plain.items.every((i) => i.distanceKm === null)).toBe(true);
    // Without a point there is no nearest: the order is geographic, band by band northwards.
    const bands = plain.items.map((i) => bandOf(i.lat));
    expect(bands).toEqual([...bands].sort((a, b) => a - b));
    const near = await list({ ...body, near: { lat: 30, lng: 30 } });
    const distances = near.items.map((i) => i.distanceKm as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe('counting nearest first', () => {
  // 70 stations in a block far from the others: the walk stops soon after the page.
  const block = { south: -40.1, west: 100.9, north: -39.9, east: 101.1 };
  beforeAll(async () => {
    const many: Record<string, TestStation> = {};
    for (let i = 0; i < 70; i++)
      many[`b${i}`] = { lat: -40 + (i % 10) * 0.005, lng: 101 + Math.floor(i / 10) * 0.005 };
    await street.add(many);
  });
  const near = { lat: -40, lng: 101, radiusKm: 20 };

  it('counts exactly up to STATION_TOTAL_COUNTED, then says there are at least that many', async () => {
    const first = await list({ connectorTypes: allTypes, near, pageSize: 10 });
    expect(first).toMatchObject({ total: STATION_TOTAL_COUNTED + 1, totalIsExact: false });
    expect(first.items).toHaveLength(10);
    // A page beyond the counted ones counts to its end: here every station.
    const last = await list({ connectorTypes: allTypes, near, page: 7, pageSize: 10 });
    expect(last).toMatchObject({ total: 70, totalIsExact: true });
    expect(last.items).toHaveLength(10);
    // Without near the list scans the area and counts all.
    const plain = await list({ connectorTypes: allTypes, bounds: block, pageSize: 10 });
    expect(plain).toMatchObject({ total: 70, totalIsExact: true });
  });

  it('pages nearest first agree with one long page', async () => {
    const all = await list({ connectorTypes: allTypes, near, pageSize: 70 });
    const pages = [];
    for (const page of [1, 2, 3, 4, 5, 6, 7]) {
      pages.push(...(await list({ connectorTypes: allTypes, near, page, pageSize: 10 })).items);
    }
    expect(pages.map((i) => i.id)).toEqual(all.items.map((i) => i.id));
    expect(new Set(pages.map((i) => i.id)).size).toBe(70);
  });
});

describe('who sees what', () => {
  const body = { connectorTypes: allTypes, bounds: area };

  it('a visitor sees public stations only; a driver also their own private ones', async () => {
    expect(names(await list(body))).not.toContain('ownersPrivate');
    expect(names(await list(body, ownerToken))).toContain('ownersPrivate');
    expect(names(await list(body, ownerToken))).not.toContain('othersPrivate');
    expect(names(await list(body, otherToken))).toEqual(expect.arrayContaining(['othersPrivate']));
    expect(names(await list(body, otherToken))).not.toContain('ownersPrivate');
  });

  it('the guest endpoint stays public even with a token', async () => {
    const res = await street.server.call<Page>(listStationsGuest, { body, token: ownerToken });
    expect(names(res.body)).not.toContain('ownersPrivate');
  });

  it('the signed-in endpoints answer 401 without a token', async () => {
    for (const contract of [listStations, mapPoints]) {
      const res = await street.server.call<ErrorBody>(contract, { body });
      expect(res.status).toBe(401);
    }
  });
});
