import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import { nextSharingChange } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import { loadStationRows } from './repo';
import { buildSnapshot, patchStation, privateRows, recheckShared, type Snapshot } from './snapshot';
import { stationRow } from './station-record';
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
   * `isTold`: the other instances heard of it already (statusNotice's NOTIFY went with the write).
   */
  setConnectorStatus: (update: ConnectorStatusUpdate, options?: { isTold?: boolean }) => boolean;
  /**
   * With several instances (shared-read-model.ts): the NOTIFY that tells the others of a
   * connector's new status, for the statement that writes it to send along (the connector's id
   * added by that statement), so the change costs no round trip of its own.
   */
  statusNotice?: (update: Omit<ConnectorStatusUpdate, 'connectorId'>) => {
    channel: string;
    payload: Record<string, unknown>;
  };
  /**
   * Writes again which private stations are shared now (their owners' hours: domain
   * private-station.ts). Runs by itself when the next one opens or closes; tests with a
   * simulated clock call it.
   */
  recheckSharing: () => void;
  /** When recheckSharing runs next by itself (null: no private station changes soon). */
  nextSharingCheckAt: () => Date | null;
  /** Stops the timer of recheckSharing. */
  close: () => void;
};

/**
 * The longest wait between two checks of the private stations' sharing: a change more than
 * eight days ahead (nextSharingChange's horizon) is found by a later check.
 */
const MAX_SHARING_WAIT_MS = 6 * 3600_000;

declare module 'fastify' {
  interface FastifyInstance {
    stationReadModel: StationReadModel;
  }
}

export async function createStationReadModel(
  db: Db,
  options: { now?: () => Date } = {},
): Promise<StationReadModel> {
  const now = options.now ?? (() => new Date());
  let current = buildSnapshot(await loadStationRows(db), now());
  let version = 0;

  // Private stations appear to others while their owner shares them: the map follows each
  // opening and closing by a timer set for the next one, so a query only reads a flag.
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let isClosed = false;
  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    timerAt = Infinity;
  };
  /** Sets the timer for the next change among `rows`, if sooner than the one set. */
  function planSharingCheck(rows: readonly StationRow[]): void {
    if (isClosed) return;
    const at = now();
    let next = at.getTime() + MAX_SHARING_WAIT_MS;
    let hasShared = false;
    for (const row of rows) {
      if (!row.isPrivate || !row.sharing?.isShared) continue;
      hasShared = true;
      const change = nextSharingChange(row.sharing, at, row.utcOffsetMinutes);
      if (change && change.getTime() < next) next = change.getTime();
    }
    if (!hasShared || next >= timerAt) return;
    clearTimer();
    timerAt = next;
    timer = setTimeout(recheckSharing, Math.max(0, next - at.getTime()));
    timer.unref();
  }
  function recheckSharing(): void {
    clearTimer();
    if (recheckShared(current, now())) version++;
    planSharingCheck(privateRows(current));
  }
  planSharingCheck(privateRows(current));

  function apply(fresh: readonly StationRow[], asked: readonly string[]): void {
    const byId = new Map(fresh.map((row) => [row.id, row]));
    const gone = new Set(asked.filter((id) => !byId.has(id) && current.positionOf.has(id)));
    if (fresh.length > 0 || gone.size > 0) version++;
    const at = now();
    const reshaped = fresh.filter((row) => !patchStation(current, row, at));
    planSharingCheck(fresh);
    if (gone.size === 0 && reshaped.length === 0) return;
    // New, moved or removed stations change the order: rebuild (about 0.3 s per 100,000), the
    // stations not read again copied from the current snapshot as they are.
    const positions: number[] = [];
    current.ids.forEach((id, i) => {
      if (!byId.has(id) && !gone.has(id)) positions.push(i);
    });
    current = buildSnapshot(fresh, at, { from: current, positions });
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
        current = buildSnapshot(await loadStationRows(db), now());
        version++;
        clearTimer();
        planSharingCheck(privateRows(current));
      }),
    refreshStations,
    refreshStation: (id) => refreshStations([id]),
    setConnectorStatus: ({ stationId, connectorId, status }) => {
      const position = current.positionOf.get(stationId);
      const row = position === undefined ? undefined : stationRow(current, position);
      const connector = row?.connectors.find((c) => c.id === connectorId);
      if (!row || !connector) return false;
      connector.status = status;
      const patched = patchStation(current, row, now());
      if (patched) version++;
      return patched;
    },
    recheckSharing,
    nextSharingCheckAt: () => (timerAt === Infinity ? null : new Date(timerAt)),
    close: () => {
      isClosed = true;
      clearTimer();
    },
  };
}
