import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import { connectorStatusCode } from '@evcharge/domain/connector-status';
import { isSharedAt } from '@evcharge/domain/private-station';
import type { Deps } from '../../deps';
import { isReachable } from '../sessions';
import {
  earnedBySession,
  earnedByStation,
  earnedInAll,
  latestSessions,
  ownedStations,
  stationConnectors,
  type OwnedStationRow,
} from './repo';

// SPEC §2 myCharges: the owner's stations with their connectors live (the statuses the charge
// point reports, as the map shows them), a faulted connector's error, the latest sessions on
// them (the owner's own and other drivers', who are not named) and what they earned.

export type OwnedDeps = Pick<Deps, 'db' | 'chargePoints' | 'now'>;

/** How many of a station's latest sessions the list shows. */
export const SESSIONS_SHOWN = 10;

async function toPrivateStations(
  deps: OwnedDeps,
  ownerUserId: string,
  rows: OwnedStationRow[],
): Promise<PrivateStation[]> {
  const { db } = deps;
  const now = deps.now();
  const connectors = await stationConnectors(
    db,
    rows.map((row) => row.id),
  );
  const earned = await earnedByStation(db, ownerUserId);
  const result: PrivateStation[] = [];
  for (const row of rows) {
    const sessions = await latestSessions(db, row.id, row.claimedAt ?? new Date(0), SESSIONS_SHOWN);
    const earnedBy = await earnedBySession(
      db,
      ownerUserId,
      sessions.map((s) => s.id),
    );
    const reports = row.reportedStatuses ?? {};
    result.push({
      id: row.id,
      code: row.code,
      name: row.name,
      address: row.address,
      city: row.city,
      utcOffsetMinutes: row.utcOffsetMinutes,
      isOnline: isReachable(deps, row.chargePointId, row.connectedAt),
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      isShared: row.sharing?.isShared ?? false,
      isSharedNow: isSharedAt(row.sharing, now, row.utcOffsetMinutes),
      connectors: connectors
        .filter((c) => c.stationId === row.id)
        .map((c) => {
          const report = reports[String(c.number)];
          return {
            id: c.id,
            number: c.number,
            socketType: c.socketType,
            currentType: c.currentType,
            powerKw: c.powerW / 1000,
            status: c.status,
            statusCode: connectorStatusCode(c.status) ?? null,
            statusSince: c.statusAt.toISOString(),
            fault:
              c.status === 'faulted' && report
                ? { errorCode: report.errorCode, info: report.info ?? report.vendorErrorCode ?? null }
                : null,
          };
        }),
      sessions: sessions.map((s) => ({
        transactionId: s.transactionId,
        connectorNumber: s.connectorNumber,
        isOwn: s.userId === ownerUserId,
        status: s.status,
        energyWh: s.energyWh,
        costMinor: s.costMinor,
        currency: s.currency,
        startedAt: s.startedAt?.toISOString() ?? null,
        stoppedAt: s.stoppedAt?.toISOString() ?? null,
        earnedMinor: s.userId === ownerUserId ? null : (earnedBy.get(s.id) ?? null),
      })),
      earned: earned
        .filter((e) => e.stationId === row.id)
        .map(({ currency, amountMinor }) => ({ currency, amountMinor })),
    });
  }
  return result;
}

/** GET /chargestation/get/private: every station the driver owns, and all they earned. */
export async function listOwned(deps: OwnedDeps, ownerUserId: string) {
  const rows = await ownedStations(deps.db, ownerUserId);
  return {
    items: await toPrivateStations(deps, ownerUserId, rows),
    earnings: await earnedInAll(deps.db, ownerUserId),
  };
}

/** One of the driver's stations as the list shows it, or undefined when it is not theirs. */
export async function ownedStation(
  deps: OwnedDeps,
  ownerUserId: string,
  stationId: string,
): Promise<PrivateStation | undefined> {
  const rows = await ownedStations(deps.db, ownerUserId, stationId);
  return (await toPrivateStations(deps, ownerUserId, rows))[0];
}
