import { describe, expect, it } from 'vitest';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { createRandom } from '../../demo/prng';
import { walkNearest } from './nearest';
import { findMatches, type StationFilter, type Viewer } from './search';
import { owner, randomFilter, rows } from './search-fixture';
import {
  BLOCK_SHIFT,
  buildSnapshot,
  FREE_TYPES_SHIFT,
  patchStation,
  socketMask,
  type Snapshot,
} from './snapshot';
import { stationRow } from './station-record';
import type { StationRow } from './station-view';

/** The whole circle scanned (search.ts), then sorted: by key, equal keys in scan order. */
function bruteForce(snapshot: Snapshot, filter: StationFilter, viewer: Viewer) {
  const matches = findMatches(snapshot, filter, viewer);
  const entries = Array.from({ length: matches.count }, (_, j) => ({
    position: matches.positions[j] as number,
    key: matches.keys[j] as number,
  }));
  entries.sort((a, b) => a.key - b.key || a.position - b.position);
  return { entries, emptyReason: matches.emptyReason };
}

function walked(snapshot: Snapshot, filter: StationFilter, viewer: Viewer, limit: number) {
  const walk = walkNearest(snapshot, filter, viewer, limit);
  return {
    walk,
    entries: walk.positions.map((position, j) => ({ position, key: walk.keys[j] as number })),
  };
}

const everything: StationFilter = {
  connectorTypes: [...socketTypeIds],
  includeRestricted: true,
  includeRoaming: true,
  onlyAvailable: false,
};

describe('walkNearest', () => {
  const all = rows();
  const snapshot = buildSnapshot(all);

  it.each(Array.from({ length: 200 }, (_, i) => i + 1))(
    'finds what a scan of the whole circle finds, in its order (case %i)',
    (seed) => {
      const filter = randomFilter(seed);
      const near = filter.near ?? { lat: 55.75, lng: 37.62, radiusKm: 30 };
      const withNear = { ...filter, near };
      for (const viewer of [{ userId: null }, { userId: owner }]) {
        const expected = bruteForce(snapshot, withNear, viewer);
        for (const limit of [1, 7, 20, 101, 100_000]) {
          const { walk, entries } = walked(snapshot, withNear, viewer, limit);
          expect(entries).toEqual(expected.entries.slice(0, limit));
          expect(walk.isComplete || walk.count === limit).toBe(true);
          if (walk.isComplete) {
            expect(walk.count).toBe(expected.entries.length);
            const reason =
              walk.count > 0 ? null : walk.inArea === 0 ? 'NO_STATIONS_FOUND' : 'NO_MATCHING_PORTS';
            expect(reason).toBe(expected.emptyReason);
          }
        }
      }
    },
  );

  it('stops once the page is full, long before the circle is scanned', () => {
    const filter = { ...everything, near: { lat: 55.75, lng: 37.62, radiusKm: 500 } };
    const inCircle = findMatches(snapshot, filter, { userId: null }).count;
    const { walk } = walked(snapshot, filter, { userId: null }, 20);
    expect(inCircle).toBeGreaterThan(500);
    expect(walk.count).toBe(20);
    expect(walk.isComplete).toBe(false);
    expect(walk.visited).toBeLessThan(inCircle / 5);
    // Without a radius the whole globe is the area, and the walk stops all the same.
    const anywhere = walked(
      snapshot,
      { ...everything, near: { lat: 0, lng: 179.9 } },
      {
        userId: null,
      },
      20,
    );
    expect(anywhere.walk.count).toBe(20);
    expect(anywhere.walk.visited).toBeLessThan(snapshot.size / 5);
  });

  it('applies the filter on the way and sees a status change at once', () => {
    const near = { lat: 55.75, lng: 37.62, radiusKm: 20 };
    const free: StationFilter = {
      ...everything,
      connectorTypes: ['ccs2'],
      onlyAvailable: true,
      near,
    };
    const before = walked(snapshot, free, { userId: null }, 5);
    for (const { position } of before.entries) {
      const row = stationRow(snapshot, position);
      expect(row.connectors.some((c) => c.socketType === 'ccs2' && c.status === 'available')).toBe(
        true,
      );
    }
    const first = stationRow(snapshot, before.entries[0]!.position);
    const busy = {
      ...first,
      connectors: first.connectors.map((c) => ({ ...c, status: 'charging' as const })),
    };
    expect(patchStation(snapshot, busy)).toBe(true);
    const after = walked(snapshot, free, { userId: null }, 5);
    expect(after.entries.map((e) => e.position)).not.toContain(before.entries[0]!.position);
    expect(after.entries.slice(0, 4)).toEqual(before.entries.slice(1));
    expect(patchStation(snapshot, first)).toBe(true);
  });

  it('steps over blocks of stations that cannot pass the port test, and still says why none did', () => {
    const near = { lat: 55.75, lng: 37.62, radiusKm: 50 };
    const inCircle = findMatches(snapshot, { ...everything, near }, { userId: null }).count;
    expect(inCircle).toBeGreaterThan(500);
    // No station has a CCS2 connector of 22 kW or less (DC charging): nothing is looked at.
    const none: StationFilter = {
      ...everything,
      connectorTypes: ['ccs2'],
      powerKw: { max: 22 },
      near,
    };
    expect(bruteForce(snapshot, none, { userId: null }).emptyReason).toBe('NO_MATCHING_PORTS');
    const empty = walked(snapshot, none, { userId: null }, 51).walk;
    expect(empty.count).toBe(0);
    expect(empty.isComplete).toBe(true);
    expect(empty.visited).toBeLessThan(inCircle / 10);
    expect(empty.skipped).toBeGreaterThan(inCircle);
    expect(empty.inArea).toBeGreaterThan(0);
    // Far from every station: the area is empty, whatever was stepped over.
    const nowhere = { ...none, near: { lat: -60, lng: -120, radiusKm: 50 } };
    expect(walked(snapshot, nowhere, { userId: null }, 51).walk).toMatchObject({
      count: 0,
      inArea: 0,
      isComplete: true,
    });
    // A connector freed in a block with nothing free is found at once (the block's summary
    // follows the status change).
    const free: StationFilter = {
      ...everything,
      connectorTypes: ['gbt-dc'],
      onlyAvailable: true,
      near,
    };
    const before = walked(snapshot, free, { userId: null }, 100_000).entries;
    expect(before).toEqual(bruteForce(snapshot, free, { userId: null }).entries);
    const taken = new Set(before.map((e) => e.position));
    const freeGbt = socketMask(['gbt-dc']) << FREE_TYPES_SHIFT;
    const busyGbt = Array.from({ length: snapshot.size }, (_, i) =>
      stationRow(snapshot, i),
    ).findIndex(
      (row, i) =>
        !taken.has(i) &&
        ((snapshot.blockBits[i >> BLOCK_SHIFT] as number) & freeGbt) === 0 &&
        !row.isPrivate &&
        !row.isRoaming &&
        row.connectors.some((c) => c.socketType === 'gbt-dc'),
    );
    expect(busyGbt).toBeGreaterThanOrEqual(0);
    const row = stationRow(snapshot, busyGbt);
    const freed = {
      ...row,
      connectors: row.connectors.map((c) =>
        c.socketType === 'gbt-dc' ? { ...c, status: 'available' as const } : c,
      ),
    };
    expect(patchStation(snapshot, freed)).toBe(true);
    const farFilter = { ...free, near: { lat: row.lat, lng: row.lng, radiusKm: 1 } };
    expect(walked(snapshot, farFilter, { userId: null }, 1).entries[0]?.position).toBe(busyGbt);
    expect(patchStation(snapshot, row)).toBe(true);
    expect(walked(snapshot, farFilter, { userId: null }, 100).entries).toEqual(
      bruteForce(snapshot, farFilter, { userId: null }).entries,
    );
  });

  it('orders equal distances by the scan order, pages without overlap', () => {
    // Rings of stations at exactly the same distances from (0, 0), some at one point.
    const random = createRandom(3);
    const template = all[0] as StationRow;
    const ring: StationRow[] = [];
    for (let i = 0; i < 120; i++) {
      const d = 0.001 * (1 + (i % 6));
      const [lat, lng] =
        i % 4 === 0 ? [0, d] : i % 4 === 1 ? [0, -d] : i % 4 === 2 ? [d, 0] : [-d, 0];
      ring.push({ ...template, id: `ring-${i}`, code: `RING-${i}`, lat, lng });
    }
    // Input order is not the answer's order: shuffle.
    for (let i = ring.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [ring[i], ring[j]] = [ring[j] as StationRow, ring[i] as StationRow];
    }
    const tied = buildSnapshot(ring);
    const filter = { ...everything, near: { lat: 0, lng: 0, radiusKm: 10 } };
    const expected = bruteForce(tied, filter, { userId: null }).entries;
    const keys = new Set(expected.map((e) => e.key));
    expect(keys.size).toBeLessThan(expected.length / 5);
    const { walk, entries } = walked(tied, filter, { userId: null }, 1000);
    expect(entries).toEqual(expected);
    expect(walk.isComplete).toBe(true);
    const pages = [0, 1, 2].flatMap((p) =>
      walked(tied, filter, { userId: null }, 40 * (p + 1)).entries.slice(40 * p),
    );
    expect(pages).toEqual(expected);
  });

  it('crosses the antimeridian and the poles', () => {
    for (const near of [
      { lat: 0, lng: 179.99, radiusKm: 300 },
      { lat: 0, lng: -179.99, radiusKm: 300 },
      { lat: 89.9, lng: 10, radiusKm: 800 },
      { lat: -89.9, lng: 10 },
    ]) {
      const filter = { ...everything, near };
      const expected = bruteForce(snapshot, filter, { userId: null }).entries;
      expect(walked(snapshot, filter, { userId: null }, 30).entries).toEqual(expected.slice(0, 30));
    }
  });
});
