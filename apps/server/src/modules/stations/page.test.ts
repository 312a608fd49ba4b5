import { describe, expect, it } from 'vitest';
import { stationPageSchema } from '@evcharge/api/stations/station-schemas';
import { squaredChordForKm } from './geo';
import type { NearestWalk } from './nearest';
import { walkPageJson } from './page';
import { rows } from './search-fixture';
import { buildSnapshot } from './snapshot';

const snapshot = buildSnapshot(rows().slice(0, 10));

/** A walk that found the first stations of the snapshot at these distances. */
function walkAt(metres: number[]): NearestWalk {
  return {
    positions: metres.map((_, i) => i),
    keys: metres.map((m) => squaredChordForKm(m / 1000)),
    count: metres.length,
    isComplete: true,
    inArea: metres.length,
    visited: metres.length,
    skipped: 0,
  };
}

describe('walkPageJson', () => {
  it('writes each distance as kilometres with three decimals, and the page as the schema says', () => {
    const metres = [0, 5, 60, 1200, 12_345, 987_654];
    const text = walkPageJson(snapshot, walkAt(metres), 1, 10).toString();
    expect([...text.matchAll(/"distanceKm":([^,]*),/g)].map((m) => m[1])).toEqual([
      '0.000',
      '0.005',
      '0.060',
      '1.200',
      '12.345',
      '987.654',
    ]);
    const page = stationPageSchema.parse(JSON.parse(text));
    expect(page.items.map((item) => item.id)).toEqual(metres.map((_, i) => snapshot.ids[i]));
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 10, totalIsExact: true });
  });

  it('writes the second page alone, and an empty page past the end', () => {
    const walk = walkAt([100, 200, 300, 400, 500]);
    const second = stationPageSchema.parse(
      JSON.parse(walkPageJson(snapshot, walk, 2, 2).toString()),
    );
    expect(second.items.map((item) => item.distanceKm)).toEqual([0.3, 0.4]);
    const past = stationPageSchema.parse(JSON.parse(walkPageJson(snapshot, walk, 4, 2).toString()));
    expect(past).toMatchObject({ items: [], total: 5, emptyReason: null });
  });

  it('ends at the page whatever the last station holds after its list item (a long row)', () => {
    // The rest of a station's record (its connectors' ids, numbers and power) follows its list
    // item in the record; a station with many connectors has the longest rest.
    const [first, second] = rows();
    const many = {
      ...second!,
      connectors: Array.from({ length: 40 }, (_, i) => ({
        ...second!.connectors[0]!,
        id: `many-${i}`,
        number: i + 1,
      })),
    };
    const built = buildSnapshot([first!, many]);
    const bytes = walkPageJson(built, walkAt([100, 200]), 1, 20);
    const page = stationPageSchema.parse(JSON.parse(bytes.toString()));
    expect(page.items.map((item) => item.id)).toEqual([first!.id, many.id]);
    expect(bytes.toString().endsWith('"totalIsExact":true}')).toBe(true);
  });
});
