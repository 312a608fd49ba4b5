import { describe, expect, it } from 'vitest';
import { canUseStation } from '@evcharge/domain/private-station';
import { distanceKm, inBounds } from './geo';
import { findMatches, type StationFilter, type Viewer } from './search';
import { owner, randomFilter, rows } from './search-fixture';
import { buildSnapshot, patchStation } from './snapshot';
import { stationRow, stationSummary } from './station-record';
import { bandOf, bandOrder, bandStarts, rangesInBounds } from './spatial-index';
import type { StationRow } from './station-view';

function reference(all: StationRow[], filter: StationFilter, viewer: Viewer): string[] {
  const [minKw, maxKw] = [filter.powerKw?.min ?? 0, filter.powerKw?.max ?? Infinity];
  return all
    .filter((s) => canUseStation(s, viewer.userId, new Date()))
    .filter((s) => filter.includeRestricted || !s.isLimitedAccess)
    .filter((s) => filter.includeRoaming || !s.isRoaming)
    .filter((s) => !filter.bounds || inBounds(s, filter.bounds))
    .filter(
      (s) =>
        filter.near?.radiusKm === undefined || distanceKm(s, filter.near) <= filter.near.radiusKm,
    )
    .filter((s) =>
      s.connectors.some(
        (c) =>
          filter.connectorTypes.includes(c.socketType) &&
          c.powerW / 1000 >= minKw &&
          c.powerW / 1000 <= maxKw &&
          (!filter.onlyAvailable || c.status === 'available'),
      ),
    )
    .map((s) => s.id)
    .sort();
}

describe('band index', () => {
  it('returns exactly the points in a box, also across the antimeridian', () => {
    const all = rows();
    const order = bandOrder(
      all.map((s) => s.lat),
      all.map((s) => s.lng),
    );
    const sorted = Array.from(order, (i) => all[i] as StationRow);
    const starts = bandStarts(sorted.map((s) => s.lat));
    const lng = Float64Array.from(sorted, (s) => s.lng);
    for (const bounds of [
      { south: 55.6, west: 37.4, north: 55.9, east: 37.8 },
      { south: -10, west: 178.5, north: 10, east: -178.5 },
      { south: -90, west: -180, north: 90, east: 180 },
    ]) {
      const found: string[] = [];
      const ranges = rangesInBounds(starts, lng, bounds);
      for (let r = 0; r < ranges.length; r += 2) {
        for (let i = ranges[r] as number; i < (ranges[r + 1] as number); i++) {
          const station = sorted[i] as StationRow;
          if (station.lat >= bounds.south && station.lat <= bounds.north) found.push(station.id);
        }
      }
      const expected = all.filter((s) => inBounds(s, bounds)).map((s) => s.id);
      expect(found.sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(0);
    }
    expect(bandOf(90)).toBe(bandOf(89.999));
    expect(bandOf(-90)).toBe(0);
  });
});

describe('findMatches', () => {
  const all = rows();
  const snapshot = buildSnapshot(all);

  it.each(Array.from({ length: 150 }, (_, i) => i + 1))(
    'agrees with a plain filter (case %i)',
    (seed) => {
      const filter = randomFilter(seed);
      for (const viewer of [{ userId: null }, { userId: owner }]) {
        const matches = findMatches(snapshot, filter, viewer);
        const ids = Array.from(
          matches.positions.subarray(0, matches.count),
          (p) => snapshot.ids[p],
        );
        expect(ids.sort()).toEqual(reference(all, filter, viewer));
        expect(matches.emptyReason === null).toBe(matches.count > 0);
      }
    },
  );

  it('covers empty and full answers, both reasons', () => {
    const results = Array.from({ length: 150 }, (_, i) =>
      findMatches(snapshot, randomFilter(i + 1), { userId: owner }),
    );
    const counts = results.map((m) => m.count);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(5);
    expect(counts.filter((n) => n > 100).length).toBeGreaterThan(20);
    expect(new Set(results.map((m) => m.emptyReason))).toEqual(
      new Set([null, 'NO_STATIONS_FOUND', 'NO_MATCHING_PORTS']),
    );
  });

  it('sees a status change patched in place', () => {
    const filter: StationFilter = {
      connectorTypes: ['ccs2'],
      near: { lat: 55.75, lng: 37.62, radiusKm: 5 },
      includeRestricted: true,
      includeRoaming: true,
      onlyAvailable: true,
    };
    const before = findMatches(snapshot, filter, { userId: null });
    const [position, count] = [before.positions[0] as number, before.count];
    const first = stationRow(snapshot, position);
    const busy = {
      ...first,
      connectors: first.connectors.map((c) => ({ ...c, status: 'charging' as const })),
    };
    expect(patchStation(snapshot, busy)).toBe(true);
    const after = findMatches(snapshot, filter, { userId: null });
    expect(after.count).toBe(count - 1);
    expect(stationSummary(snapshot, position).connectors.map((c) => c.status)).toEqual(
      first.connectors.map(() => 'charging'),
    );
  });
});
