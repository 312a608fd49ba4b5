import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import type { Db } from '../../db/client';
import { loadStationRows } from './repo';
import {
  buildSnapshot,
  patchStation,
  summaryFragment,
  type FragmentOf,
  type Snapshot,
} from './snapshot';
import type { StationRow } from './station-view';

// Stations and connectors in memory for the list and map queries (docs/decisions/004). The
// database stays the source of truth: whoever changes a station or a connector there calls
// refreshStation (or setConnectorStatus) afterwards, and with several instances every
// instance does so on the change event from the bus.

export type ConnectorStatusUpdate = {
  stationId: string;
  connectorId: string;
  status: ConnectorStatus;
  at: Date;
};

export type StationReadModel = {
  /** The current snapshot. Use it synchronously: a refresh may replace it at any await. */
  snapshot: () => Snapshot;
  /**
   * Goes up with every change of the snapshot (a status, a refreshed station, a reload):
   * answers computed at one version stay right until it changes (answer-cache.ts).
   */
  version: () => number;
  /** Reads every station again (start-up, after seeding, a periodic reconciliation). */
  reload: () => Promise<void>;
  /** Reads these stations again; a station gone from the database leaves the model. */
  refreshStations: (ids: readonly string[]) => Promise<void>;
  refreshStation: (id: string) => Promise<void>;
  /**
   * The hot path for OCPP StatusNotification, after the database write: no read needed.
   * False when the model does not know the connector (then refresh the station).
   */
  setConnectorStatus: (update: ConnectorStatusUpdate) => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    stationReadModel: StationReadModel;
  }
}

export async function createStationReadModel(db: Db): Promise<StationReadModel> {
  // A row object is never changed, only replaced, so its JSON can be kept across rebuilds.
  const fragments = new WeakMap<StationRow, Buffer>();
  const fragmentOf: FragmentOf = (row) => {
    let fragment = fragments.get(row);
    if (!fragment) {
      fragment = summaryFragment(row);
      fragments.set(row, fragment);
    }
    return fragment;
  };
  let current = buildSnapshot(await loadStationRows(db), fragmentOf);
  let version = 0;

  function apply(fresh: readonly StationRow[], asked: readonly string[]): void {
    const byId = new Map(fresh.map((row) => [row.id, row]));
    const gone = new Set(asked.filter((id) => !byId.has(id) && current.positionOf.has(id)));
    if (fresh.length > 0 || gone.size > 0) version++;
    const reshaped = fresh.filter((row) => !patchStation(current, row, fragmentOf));
    if (gone.size === 0 && reshaped.length === 0) return;
    // New, moved or removed stations change the order: rebuild (about 0.1 s per 100,000).
    const kept = current.rows.filter((row) => !byId.has(row.id) && !gone.has(row.id));
    current = buildSnapshot([...kept, ...fresh], fragmentOf);
  }

  // One change at a time and in the order asked, so an older read never overwrites a newer.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const refreshStations = (ids: readonly string[]) =>
    enqueue(async () => {
      if (ids.length > 0) apply(await loadStationRows(db, ids), ids);
    });

  return {
    snapshot: () => current,
    version: () => version,
    reload: () =>
      enqueue(async () => {
        current = buildSnapshot(await loadStationRows(db), fragmentOf);
        version++;
      }),
    refreshStations,
    refreshStation: (id) => refreshStations([id]),
    setConnectorStatus: ({ stationId, connectorId, status, at }) => {
      const position = current.positionOf.get(stationId);
      const row = position === undefined ? undefined : current.rows[position];
      if (!row?.connectors.some((c) => c.id === connectorId)) return false;
      const connectors = row.connectors.map((c) =>
        c.id === connectorId ? { ...c, status, statusAt: at } : c,
      );
      const patched = patchStation(current, { ...row, connectors }, fragmentOf);
      if (patched) version++;
      return patched;
    },
  };
}
