import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OCPP16 } from 'typed-ocpp';
import type { StationLabel } from '@evcharge/domain/connector-status';
import type { Deps } from '../../deps';
import { runEvery } from '../../repeat';
import { driverGroupTag, isCommandFailure } from '../sessions';
import { localListChargePoints, localListRows, saveLocalList } from './repo';

// OCPP 1.6 §3.5.3 Local Authorization List: each charge point that reads tags keeps the bound
// tags, so a driver's tag starts while the station cannot reach us (§5.15 SendLocalList, §5.10
// GetLocalListVersion); a private station's keeps its owner's tags alone (ListScope). We send the whole list (updateType Full) with the next version whenever
// what the charge point holds differs from what it should (a digest of the entries), on boot,
// after a tag changes, and every LOCAL_LIST_SYNC_SECONDS. Starts made from the list while
// offline reach us later as StartTransaction and are billed by the rules of a start.

type Entry = NonNullable<OCPP16.SendLocalListRequest['localAuthorizationList']>[number];
export type LocalListDeps = Pick<Deps, 'db' | 'chargePoints'>;
type TagRow = Awaited<ReturnType<typeof localListRows>>[number];
type DesiredList = { entries: Entry[]; digest: string };

/** Whose tags a charge point keeps: every driver's at a public station; at a private one its
 * owner's alone (SPEC §1 private stations: others charge there only while it is shared, which
 * only we can tell, so their starts are always asked for), and nobody's while unclaimed.
 * `state`: the station's label (SPEC §4); one other than works takes no start, offline either. */
export type ListScope = { isPrivate: boolean; ownerUserId: string | null; state?: StationLabel };

function listOf(rows: readonly TagRow[], scope: ListScope): DesiredList {
  const kept = scope.isPrivate ? rows.filter((row) => row.userId === scope.ownerUserId) : rows;
  // Not working, under repair, opening soon: every tag is Blocked there, so the charge point
  // refuses it offline too (OCPP 1.6 §3.5.3), rather than starting an unknown id on its own.
  const isOutOfService = scope.state !== undefined && scope.state !== 'works';
  const entries: Entry[] = kept.map((row) => ({
    idTag: row.uid,
    idTagInfo: {
      status: isOutOfService || row.isBlocked || row.userBlocked ? 'Blocked' : 'Accepted',
      parentIdTag: driverGroupTag(row.userId),
    },
  }));
  const digest = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
  return { entries, digest };
}

/** The list a charge point of a station with this scope should hold, and its digest. */
export async function desiredLocalList(
  deps: LocalListDeps,
  scope: ListScope = { isPrivate: false, ownerUserId: null },
): Promise<DesiredList> {
  return listOf(await localListRows(deps.db), scope);
}

export type SyncOutcome = 'inStep' | 'sent' | 'unsupported' | 'offline' | 'failed';

/** Brings one charge point's list in step; `checkVersion` first asks what it holds (a reboot). */
export async function syncChargePoint(
  deps: LocalListDeps,
  chargePointId: string,
  options: { checkVersion?: boolean; rows?: readonly TagRow[] } = {},
): Promise<SyncOutcome> {
  const [point] = await localListChargePoints(deps.db, chargePointId);
  if (!point || point.isUnsupported) return point ? 'unsupported' : 'failed';
  if (!deps.chargePoints.isConnected(chargePointId)) return 'offline';
  const desired = listOf(options.rows ?? (await localListRows(deps.db)), point);
  try {
    let version = point.version;
    let digest = point.digest;
    if (options.checkVersion) {
      const held = await deps.chargePoints.getLocalListVersion(chargePointId, {});
      if (held.listVersion === -1) {
        await saveLocalList(deps.db, chargePointId, { isUnsupported: true });
        return 'unsupported';
      }
      // Not what we last sent (it lost its list, or another system wrote it): send it whole.
      if (held.listVersion !== version) {
        version = Math.max(version, held.listVersion);
        digest = null;
      }
    }
    if (digest === desired.digest) return 'inStep';
    const listVersion = version + 1;
    const answer = await deps.chargePoints.sendLocalList(chargePointId, {
      listVersion,
      updateType: 'Full',
      localAuthorizationList: desired.entries,
    });
    if (answer.status === 'NotSupported') {
      await saveLocalList(deps.db, chargePointId, { isUnsupported: true });
      return 'unsupported';
    }
    if (answer.status !== 'Accepted') {
      await saveLocalList(deps.db, chargePointId, { version, digest: null });
      return 'failed';
    }
    await saveLocalList(deps.db, chargePointId, { version: listVersion, digest: desired.digest });
    return 'sent';
  } catch (error) {
    if (isCommandFailure(error)) return error.reason === 'offline' ? 'offline' : 'failed';
    throw error;
  }
}

/** Every connected charge point that reads tags, one after another. */
export async function syncLocalLists(deps: LocalListDeps): Promise<Map<string, SyncOutcome>> {
  const rows = await localListRows(deps.db);
  const outcomes = new Map<string, SyncOutcome>();
  for (const point of await localListChargePoints(deps.db)) {
    if (point.isUnsupported || !deps.chargePoints.isConnected(point.id)) continue;
    outcomes.set(point.id, await syncChargePoint(deps, point.id, { rows }));
  }
  return outcomes;
}

export type LocalListSync = {
  /** A charge point booted: ask what it holds and bring it in step, soon. */
  booted(chargePointId: string): void;
  /** A tag changed, or a private station's owner: every charge point, soon. */
  tagsChanged(): void;
  /** Resolves when nothing is waiting or running (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs the syncs in the background, one pass at a time: requests coalesce, and a pass starts
 * a moment after the request (a BootNotification's answer goes out first).
 */
export function startLocalListSync(
  deps: LocalListDeps,
  log: FastifyBaseLogger,
  everySeconds: number,
): LocalListSync {
  const booted = new Set<string>();
  let all = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const pass = async () => {
    const points = [...booted];
    booted.clear();
    const everything = all;
    all = false;
    for (const id of points) await syncChargePoint(deps, id, { checkVersion: true });
    if (everything) await syncLocalLists(deps);
  };
  const kick = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (running) return kick();
      running = pass()
        .catch((error: unknown) => log.error({ err: error }, 'local list sync failed'))
        .finally(() => {
          running = undefined;
          if (booted.size > 0 || all) kick();
        });
    }, 50);
    timer.unref();
  };
  const stopEvery = runEvery(
    everySeconds,
    async () => {
      all = true;
      kick();
    },
    log,
    'local list sync',
  );
  return {
    booted(chargePointId) {
      booted.add(chargePointId);
      kick();
    },
    tagsChanged() {
      all = true;
      kick();
    },
    async settled() {
      while (timer || running) {
        await (running ?? new Promise((resolve) => setTimeout(resolve, 60)));
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await stopEvery();
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The local lists' background sync (tests wait for it to settle). */
    localList: LocalListSync;
  }
}
