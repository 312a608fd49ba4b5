import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import type { StationLabel } from '@evcharge/domain/connector-status';
import type { Sharing } from '@evcharge/domain/private-station';
import type { Snapshot } from './snapshot';
import { summaryOf, type StationRow } from './station-view';

// A station's row is kept as bytes, not as objects (docs/decisions/004): its record is the JSON
// of its list item without distanceKm and without its opening brace, which a page copies as it
// is, then the JSON of the rest of its row, read back (stationRow) only when the station changes
// or one station is asked for. Kept as objects, 100,000 rows were about two million of them
// (row, connectors, strings), all marked by every full collection of the heap while searches
// wait; as records they are one Buffer each, whose bytes the collector does not look into.

/** The JSON of a station's list item, cut open so a query can put distanceKm first. */
export function summaryFragment(row: StationRow): string {
  return JSON.stringify(summaryOf(row)).slice(1);
}

/** What a station's row holds beyond its list item (a connector: id, number, W, A). */
type RowRest = {
  ownerUserId: string | null;
  utcOffsetMinutes: number;
  sharing: Sharing | null;
  state: StationLabel;
  connectors: [id: string, number: number, powerW: number, amperage: number][];
};

/** A station's record, and where its list item ends in it. */
export function recordOf(row: StationRow): { record: Buffer; fragmentEnd: number } {
  const fragment = summaryFragment(row);
  const rest: RowRest = {
    ownerUserId: row.ownerUserId,
    utcOffsetMinutes: row.utcOffsetMinutes,
    sharing: row.sharing,
    state: row.state,
    connectors: row.connectors.map((c) => [c.id, c.number, c.powerW, c.amperage]),
  };
  return {
    record: Buffer.from(fragment + JSON.stringify(rest)),
    fragmentEnd: Buffer.byteLength(fragment),
  };
}

/** The list item of station `i`, all but its distance (as summaryOf its row). */
export function stationSummary(
  snapshot: Pick<Snapshot, 'records' | 'fragmentEnd'>,
  i: number,
): Omit<StationSummary, 'distanceKm'> {
  const record = snapshot.records[i] as Buffer;
  return JSON.parse(`{${record.toString('utf8', 0, snapshot.fragmentEnd[i])}`) as Omit<
    StationSummary,
    'distanceKm'
  >;
}

/** The row of station `i`, read back from its record: a new object for the caller to keep. */
export function stationRow(
  snapshot: Pick<Snapshot, 'records' | 'fragmentEnd'>,
  i: number,
): StationRow {
  const record = snapshot.records[i] as Buffer;
  const item = stationSummary(snapshot, i);
  const rest = JSON.parse(record.toString('utf8', snapshot.fragmentEnd[i])) as RowRest;
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    address: item.address,
    city: item.city,
    country: item.country,
    lat: item.lat,
    lng: item.lng,
    supportsRfid: item.supportsRfid,
    isRoaming: item.isRoaming,
    roamingOperator: item.roamingOperator,
    isLimitedAccess: item.isLimitedAccess,
    isPrivate: item.isPrivate,
    ownerUserId: rest.ownerUserId,
    utcOffsetMinutes: rest.utcOffsetMinutes,
    sharing: rest.sharing,
    state: rest.state,
    connectors: item.connectors.map((c, k) => {
      const [id, number, powerW, amperage] = rest.connectors[k] as RowRest['connectors'][number];
      return {
        id,
        number,
        socketType: c.socketType,
        currentType: c.currentType,
        powerW,
        amperage,
        status: c.status,
      };
    }),
  };
}

/** The row of the station with this id, or undefined when the model does not hold it. */
export function rowOf(snapshot: Snapshot, id: string): StationRow | undefined {
  const i = snapshot.positionOf.get(id);
  return i === undefined ? undefined : stationRow(snapshot, i);
}
