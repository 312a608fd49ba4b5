import { randomUUID } from 'node:crypto';
import { connectorStatuses, type ConnectorStatus } from '@evcharge/domain/connector-status';
import type { StationReadModel } from './read-model';

// DESIGN.md Scale-out: every instance keeps the stations in memory (read-model.ts), so a
// change one instance makes (a charge point's StatusNotification on its socket, a station
// edited through it) is told to the others on a PostgreSQL channel, and they apply it to their
// own model at once: a driver's map shows the same connectors whichever instance answers.

export const STATION_CHANGES_CHANNEL = 'station_changes';

type Change =
  | { kind: 'status'; stationId: string; connectorId: string; status: ConnectorStatus; at: string }
  | { kind: 'refresh'; ids: string[] }
  | { kind: 'reload' };
/** A change and the instance it comes from. */
type StationChange = Change & { from: string };

/** NOTIFY payloads stay well under PostgreSQL's 8,000 bytes: ids go in chunks. */
const IDS_PER_CHANGE = 100;

export function sharedReadModel(
  model: StationReadModel,
  publish: (payload: string) => void,
  onError: (error: unknown) => void,
): { model: StationReadModel; receive: (payload: string) => void } {
  const self = randomUUID();
  const tell = (change: Change) =>
    publish(JSON.stringify({ ...change, from: self }));
  const tellRefresh = (ids: readonly string[]) => {
    for (let i = 0; i < ids.length; i += IDS_PER_CHANGE)
      tell({ kind: 'refresh', ids: ids.slice(i, i + IDS_PER_CHANGE) });
  };
  const shared: StationReadModel = {
    ...model,
    setConnectorStatus(update, options) {
      const isKnown = model.setConnectorStatus(update);
      if (options?.isTold) return isKnown;
      tell({
        kind: 'status',
        stationId: update.stationId,
        connectorId: update.connectorId,
        status: update.status,
        at: update.at.toISOString(),
      });
      return isKnown;
    },
    statusNotice: ({ stationId, status, at }) => ({
      channel: STATION_CHANGES_CHANNEL,
      payload: { kind: 'status', stationId, status, at: at.toISOString(), from: self },
    }),
    async refreshStations(ids) {
      await model.refreshStations(ids);
      tellRefresh(ids);
    },
    async refreshStation(id) {
      await model.refreshStation(id);
      tellRefresh([id]);
    },
    async reload() {
      await model.reload();
      tell({ kind: 'reload' });
    },
  };
  const apply = async (change: StationChange) => {
    if (change.kind === 'status') {
      const isKnown = model.setConnectorStatus({
        stationId: change.stationId,
        connectorId: change.connectorId,
        status: change.status,
        at: new Date(change.at),
      });
      if (!isKnown) await model.refreshStation(change.stationId);
    } else if (change.kind === 'refresh') await model.refreshStations(change.ids);
    else await model.reload();
  };
  return {
    model: shared,
    receive(payload) {
      let change: StationChange;
      try {
        change = JSON.parse(payload) as StationChange;
      } catch (error) {
        onError(error);
        return;
      }
      // Our own changes are in our model already.
      if (change.from === self) return;
      if (change.kind === 'status' && !(connectorStatuses as readonly string[]).includes(change.status)) return;
      apply(change).catch(onError);
    },
  };
}
