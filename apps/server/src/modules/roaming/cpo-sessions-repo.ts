import { and, asc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { roamingPartners } from '../../db/schema/roaming';
import { connectors, stations } from '../../db/schema/stations';

// Queries of partners' drivers' sessions at our stations (cpo-sessions.ts): what to send each
// partner, what it has been sent, and its pages of Sessions and CDRs (OCPI 2.2.1 §9.2.1, §10.2.1).

const columns = {
  id: chargingSessions.id,
  transactionId: chargingSessions.transactionId,
  status: chargingSessions.status,
  driver: chargingSessions.roamingDriver,
  partnerId: chargingSessions.payerPartnerId,
  tariffId: chargingSessions.tariffId,
  currency: chargingSessions.currency,
  energyWh: chargingSessions.energyWh,
  costMinor: chargingSessions.costMinor,
  meterStartWh: chargingSessions.meterStartWh,
  createdAt: chargingSessions.createdAt,
  startedAt: chargingSessions.startedAt,
  parkingStartedAt: chargingSessions.parkingStartedAt,
  stoppedAt: chargingSessions.stoppedAt,
  updatedAt: chargingSessions.updatedAt,
  ocpiSentAt: chargingSessions.ocpiSentAt,
  ocpiCdrSentAt: chargingSessions.ocpiCdrSentAt,
  connectorId: connectors.id,
  connectorNumber: connectors.number,
  socketType: connectors.socketType,
  currentType: connectors.currentType,
  stationCode: stations.code,
  stationName: stations.name,
  address: stations.address,
  city: stations.city,
  country: stations.country,
  lat: stations.lat,
  lng: stations.lng,
};

export type CpoSessionRow = Awaited<ReturnType<typeof sessionsToSend>>[number];

const joined = (db: Db) =>
  db
    .select(columns)
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId));

/** The partner whose drivers charge on this account, if it is a partner's account. */
export async function partnerOfAccount(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(eq(roamingPartners.accountUserId, userId));
  return row?.id ?? null;
}

/** Partners with a session or a CDR not sent yet. */
export async function partnersWithUnsent(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ partnerId: chargingSessions.payerPartnerId })
    .from(chargingSessions)
    .where(and(sql`${chargingSessions.payerPartnerId} is not null`, unsent));
  return rows.flatMap((row) => (row.partnerId ? [row.partnerId] : []));
}

const unsent = or(
  isNull(chargingSessions.ocpiSentAt),
  gt(chargingSessions.updatedAt, chargingSessions.ocpiSentAt),
  and(eq(chargingSessions.status, 'success'), isNull(chargingSessions.ocpiCdrSentAt)),
);

/** The partner's sessions changed since they were last sent, or whose CDR is not sent yet. */
export async function sessionsToSend(db: Db, partnerId: string, limit: number) {
  return joined(db)
    .where(and(eq(chargingSessions.payerPartnerId, partnerId), unsent))
    .orderBy(asc(chargingSessions.updatedAt))
    .limit(limit);
}

/** The session as it was at `version` (its updated_at) reached the partner. */
export async function markSessionSent(db: Db, id: string, version: Date): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ ocpiSentAt: version })
    .where(
      and(
        eq(chargingSessions.id, id),
        or(isNull(chargingSessions.ocpiSentAt), lt(chargingSessions.ocpiSentAt, version)),
      ),
    );
}

export async function markCdrSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ ocpiCdrSentAt: at })
    .where(and(eq(chargingSessions.id, id), isNull(chargingSessions.ocpiCdrSentAt)));
}

/** A page of the partner's sessions (or, `isFinal`, of its CDRs) changed in [dateFrom, dateTo). */
export async function cpoSessionPage(
  db: Db,
  partnerId: string,
  query: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number; isFinal: boolean },
) {
  const where = and(
    eq(chargingSessions.payerPartnerId, partnerId),
    query.isFinal ? eq(chargingSessions.status, 'success') : undefined,
    query.dateFrom ? gte(chargingSessions.updatedAt, query.dateFrom) : undefined,
    query.dateTo ? lt(chargingSessions.updatedAt, query.dateTo) : undefined,
  );
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(asc(chargingSessions.updatedAt), asc(chargingSessions.id))
    .offset(query.offset)
    .limit(query.limit);
  return { total: count?.total ?? 0, rows };
}
