import { describe, expect, it } from 'vitest';
import { rows } from './search-fixture';
import { buildSnapshot, FLAG_SHARED, patchStation, type Snapshot } from './snapshot';
import { rowOf, stationRow, stationSummary } from './station-record';
import { summaryOf, type StationRow } from './station-view';

/** The fields of a row the read model keeps (the fixture's stations carry more). */
function asRow(row: StationRow): StationRow {
  const { id, code, name, address, city, country, lat, lng, supportsRfid, isRoaming } = row;
  const { roamingOperator, isLimitedAccess, isPrivate, ownerUserId, utcOffsetMinutes } = row;
  const { sharing, state, connectors } = row;
  return {
    ...{ id, code, name, address, city, country, lat, lng, supportsRfid, isRoaming },
    ...{ roamingOperator, isLimitedAccess, isPrivate, ownerUserId, utcOffsetMinutes },
    ...{ sharing, state },
    connectors: connectors.map((c) => ({
      id: c.id,
      number: c.number,
      socketType: c.socketType,
      currentType: c.currentType,
      powerW: c.powerW,
      amperage: c.amperage,
      status: c.status,
    })),
  };
}

/** Everything a query reads of a snapshot, station by station in index order. */
function packed(s: Snapshot) {
  const { records, positionOf, ownerIds, ...arrays } = s;
  return {
    ...arrays,
    records: records.map((record) => record.toString()),
    positionOf: [...positionOf].sort(),
    owners: Array.from(s.owner, (index) =>
      index < 0 ? null : [...ownerIds].find(([, i]) => i === index)?.[0],
    ),
    owner: undefined,
  };
}

describe('station records', () => {
  const all = rows();
  const snapshot = buildSnapshot(all);

  it('give back every row as it was read, and its list item', () => {
    expect(snapshot.size).toBe(all.length);
    for (const row of all) {
      expect(rowOf(snapshot, row.id)).toEqual(asRow(row));
      expect(stationSummary(snapshot, snapshot.positionOf.get(row.id)!)).toEqual(summaryOf(row));
    }
    expect(rowOf(snapshot, 'no-such-station')).toBeUndefined();
  });

  it('keep a name in any script and a private station’s terms', () => {
    const [first, second] = all as [StationRow, StationRow];
    const named = { ...first, id: 'named', name: 'Зарядка «Алатау» — 24/7 ⚡', city: 'Алматы' };
    const shared = all.find((row) => row.sharing?.isShared) as StationRow;
    const one = buildSnapshot([named, second, shared]);
    expect(rowOf(one, 'named')).toEqual(asRow(named));
    expect(rowOf(one, shared.id)).toEqual(asRow(shared));
    expect(one.bits[one.positionOf.get(shared.id)!]! & FLAG_SHARED).toBe(FLAG_SHARED);
  });

  it('a rebuild that copies kept stations equals one that reads them all again', () => {
    const fresh = all.slice(0, 40).map((row, i) => ({ ...row, lat: row.lat + 0.01 * (i + 1) }));
    const freshIds = new Set(fresh.map((row) => row.id));
    const positions = snapshot.ids.flatMap((id, i) => (freshIds.has(id) ? [] : [i]));
    const rebuilt = buildSnapshot(fresh, new Date(), { from: snapshot, positions });
    const kept = all.filter((row) => !freshIds.has(row.id));
    expect(packed(rebuilt)).toEqual(packed(buildSnapshot([...kept, ...fresh])));
  });

  it('a patched station reads back with its new status', () => {
    const copy = buildSnapshot(all);
    const row = stationRow(copy, 7);
    const status = row.connectors[0]!.status === 'faulted' ? 'available' : 'faulted';
    row.connectors[0]!.status = status;
    expect(patchStation(copy, row)).toBe(true);
    expect(stationRow(copy, 7)).toEqual(row);
    // The snapshot it was built beside is another one: its record stays as it was.
    expect(stationRow(snapshot, 7)).toEqual(asRow(all.find((r) => r.id === row.id)!));
  });
});
