import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  privateStationClaimTries,
  privateStations,
} from '../../db/schema/private-stations';
import { stations } from '../../db/schema/stations';

// The queries of adding a private station by its code (claim.ts) and of the limit on guessing.

/** A station waiting to be added by `code` (its code, or its code without hyphens). */
export async function findClaimable(db: Db, code: string) {
  const [row] = await db
    .select({
      id: stations.id,
      code: stations.code,
      ownerUserId: stations.ownerUserId,
      secretHash: privateStations.secretHash,
    })
    .from(stations)
    .innerJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(
      and(
        eq(stations.isPrivate, true),
        or(eq(stations.code, code), eq(stations.altName, code.replaceAll('-', ''))),
      ),
    );
  return row;
}

const HOUR = sql.raw(`interval '1 hour'`);

/**
 * Takes one try of `key` in one statement, so parallel tries cannot pass `max`: counted in a
 * window of an hour from its first try, a new window once that hour is over. Undefined when
 * the window's tries are used up.
 */
export async function takeTry(
  db: Db,
  input: { scope: 'user' | 'code'; key: string; now: Date; max: number },
): Promise<{ count: number } | undefined> {
  const { scope, key, now, max } = input;
  const at = now.toISOString();
  const isOver = sql`"private_station_claim_tries"."window_started_at" <= ${at}::timestamptz - ${HOUR}`;
  const [row] = await db
    .insert(privateStationClaimTries)
    .values({ scope, key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: [privateStationClaimTries.scope, privateStationClaimTries.key],
      set: {
        count: sql`case when ${isOver} then 1 else "private_station_claim_tries"."count" + 1 end`,
        windowStartedAt: sql`case when ${isOver} then ${at}::timestamptz else "private_station_claim_tries"."window_started_at" end`,
      },
      setWhere: sql`${isOver} or "private_station_claim_tries"."count" < ${max}`,
    })
    .returning({ count: privateStationClaimTries.count });
  return row;
}

/** A try that turned out right is not a guess: it is given back. */
export async function giveBackTry(db: Db, scope: 'user' | 'code', key: string): Promise<void> {
  await db
    .update(privateStationClaimTries)
    .set({ count: sql`greatest("private_station_claim_tries"."count" - 1, 0)` })
    .where(and(eq(privateStationClaimTries.scope, scope), eq(privateStationClaimTries.key, key)));
}

/** When the window of `key` started (how long until it takes tries again). */
export async function tryWindowStart(db: Db, scope: 'user' | 'code', key: string) {
  const [row] = await db
    .select({ at: privateStationClaimTries.windowStartedAt })
    .from(privateStationClaimTries)
    .where(and(eq(privateStationClaimTries.scope, scope), eq(privateStationClaimTries.key, key)));
  return row?.at;
}

/**
 * Makes the driver the station's owner, unless someone is (one statement: two drivers adding
 * it at once cannot both get it). False when it already had an owner.
 */
export async function setOwner(tx: Db, stationId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(stations)
    .set({ ownerUserId: userId })
    .where(and(eq(stations.id, stationId), isNull(stations.ownerUserId)))
    .returning({ id: stations.id });
  return rows.length > 0;
}
