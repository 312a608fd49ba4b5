import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/money';
import { chargePoints } from '../../db/schema/ocpp';
import { privateStations } from '../../db/schema/private-stations';
import { connectors, stations, tariffs, type Schedule } from '../../db/schema/stations';
import { sharingColumns, withSharing } from '../../db/sharing';

// The queries of an owner's private stations (SPEC §2 myCharges): scoped by the owner, who
// is `stations.owner_user_id`; anyone else's station is not found.

/** The owner's stations (or the one asked for), with their terms and charge point. */
export async function ownedStations(db: Db, ownerUserId: string, stationId?: string) {
  const rows = await db
    .select({
      id: stations.id,
      code: stations.code,
      name: stations.name,
      address: stations.address,
      city: stations.city,
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      claimedAt: privateStations.claimedAt,
      chargePointId: chargePoints.id,
      connectedAt: chargePoints.connectedAt,
      lastSeenAt: chargePoints.lastSeenAt,
      reportedStatuses: chargePoints.reportedStatuses,
      ...sharingColumns,
    })
    .from(stations)
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .where(
      and(
        eq(stations.ownerUserId, ownerUserId),
        stationId === undefined ? undefined : eq(stations.id, stationId),
      ),
    )
    .orderBy(asc(stations.name), asc(stations.code));
  return rows.map(withSharing);
}
export type OwnedStationRow = Awaited<ReturnType<typeof ownedStations>>[number];

/** The connectors of these stations with their live statuses, by number. */
export async function stationConnectors(db: Db, stationIds: readonly string[]) {
  if (stationIds.length === 0) return [];
  return db
    .select({
      id: connectors.id,
      stationId: connectors.stationId,
      number: connectors.number,
      socketType: connectors.socketType,
      currentType: connectors.currentType,
      powerW: connectors.powerW,
      status: connectors.status,
      statusAt: connectors.statusAt,
    })
    .from(connectors)
    .where(inArray(connectors.stationId, [...stationIds]))
    .orderBy(asc(connectors.number));
}

/** The latest sessions on a station since `since` (when the owner added it), newest first. */
export async function latestSessions(db: Db, stationId: string, since: Date, limit: number) {
  return db
    .select({
      id: chargingSessions.id,
      transactionId: chargingSessions.transactionId,
      userId: chargingSessions.userId,
      connectorNumber: connectors.number,
      status: chargingSessions.status,
      energyWh: chargingSessions.energyWh,
      costMinor: chargingSessions.costMinor,
      currency: chargingSessions.currency,
      startedAt: chargingSessions.startedAt,
      stoppedAt: chargingSessions.stoppedAt,
    })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(
      and(
        eq(connectors.stationId, stationId),
        sql`${chargingSessions.createdAt} >= ${since.toISOString()}::timestamptz`,
        // Starts that never began are nothing to the owner.
        sql`(${chargingSessions.startedAt} is not null or ${chargingSessions.status} <> 'cancelled')`,
      ),
    )
    .orderBy(desc(chargingSessions.createdAt))
    .limit(limit);
}

const sessionOfEarning = sql<string>`split_part(${ledgerTransactions.reference}, ':', 1)`;

/** The owner's earnings: owner_earning postings on their wallet. */
const isEarningOf = (ownerUserId: string) =>
  and(
    eq(ledgerAccounts.kind, 'user_wallet'),
    eq(ledgerAccounts.userId, ownerUserId),
    eq(ledgerTransactions.kind, 'owner_earning'),
  );

const earnedSum = sql<string>`sum(${ledgerPostings.amountMinor})::bigint`.mapWith(Number);

/** What each of these sessions earned the owner. */
export async function earnedBySession(db: Db, ownerUserId: string, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ sessionId: sessionOfEarning, amountMinor: earnedSum })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(and(isEarningOf(ownerUserId), inArray(sessionOfEarning, [...sessionIds])))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.sessionId, row.amountMinor]));
}

/** What the owner earned per station and currency, over the sessions on its connectors. */
export async function earnedByStation(db: Db, ownerUserId: string) {
  return db
    .select({
      stationId: connectors.stationId,
      currency: ledgerPostings.currency,
      amountMinor: earnedSum,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(chargingSessions, eq(sql`${chargingSessions.id}::text`, sessionOfEarning))
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(isEarningOf(ownerUserId))
    .groupBy(sql`1`, sql`2`);
}

/** Everything the owner's stations earned, per currency. */
export async function earnedInAll(db: Db, ownerUserId: string) {
  return db
    .select({
      currency: ledgerPostings.currency,
      amountMinor: earnedSum,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(isEarningOf(ownerUserId))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The owner's terms for others and the currency of the station's tariff. */
export async function sharingTerms(db: Db, stationId: string) {
  const [row] = await db
    .select({
      isShared: privateStations.isShared,
      weekly: privateStations.weekly,
      datesOff: privateStations.datesOff,
      perKwhMinor: privateStations.perKwhMinor,
      perMinuteMinor: privateStations.perMinuteMinor,
      parkingPerMinuteMinor: privateStations.parkingPerMinuteMinor,
      currency: tariffs.currency,
    })
    .from(privateStations)
    .innerJoin(stations, eq(stations.id, privateStations.stationId))
    .innerJoin(tariffs, eq(tariffs.id, stations.tariffId))
    .where(eq(privateStations.stationId, stationId));
  return row;
}

/** A week without hours: shared at no time. */
export const noHours = (): Schedule => ({ mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] });

export type SharingValues = {
  isShared: boolean;
  weekly: (typeof privateStations.$inferInsert)['weekly'];
  datesOff: string[];
  perKwhMinor: number;
  perMinuteMinor: number;
  parkingPerMinuteMinor: number;
};

export async function updateSharing(
  tx: Db,
  stationId: string,
  values: SharingValues & { claimedAt?: Date | null },
  now: Date,
): Promise<void> {
  await tx
    .update(privateStations)
    .set({ ...values, updatedAt: now })
    .where(eq(privateStations.stationId, stationId));
}

/**
 * A tariff of the owner's prices for others, made afresh for each change (a running session
 * keeps the tariff it started on), and the station's tariff from now on.
 */
export async function setOwnerTariff(
  tx: Db,
  stationId: string,
  input: {
    code: string;
    currency: Currency;
    perKwhMinor: number;
    perMinuteMinor: number;
    parkingPerMinuteMinor: number;
  },
): Promise<string> {
  const { code, ...prices } = input;
  const [tariff] = await tx
    .insert(tariffs)
    .values({ name: `Private station ${code}`, ...prices })
    .returning({ id: tariffs.id });
  if (!tariff) throw new Error('tariff insert returned nothing');
  await tx
    .update(stations)
    .set({ tariffId: tariff.id, nextTariffId: null, tariffChangesAt: null })
    .where(eq(stations.id, stationId));
  return tariff.id;
}

/** The station's row locked for a change of its owner (a start holds it for share). */
export async function lockOwnedStation(tx: Db, stationId: string, ownerUserId: string) {
  const [row] = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.id, stationId), eq(stations.ownerUserId, ownerUserId)))
    .for('update');
  return row;
}

/** Whether a session is open on one of the station's connectors. */
export async function hasOpenSession(tx: Db, stationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .where(
      and(
        eq(connectors.stationId, stationId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function clearOwner(tx: Db, stationId: string): Promise<void> {
  await tx.update(stations).set({ ownerUserId: null }).where(eq(stations.id, stationId));
}
