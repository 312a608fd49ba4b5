import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSamples } from '../../db/schema/ocpp';

// A session's meter readings on its timeline (meter-timeline.ts): every one is kept as the
// meter said it; the counted ones are the charging screen's chart and the final cost's readings.

export type Sample = typeof chargingSamples.$inferInsert;

export async function insertSamples(db: Db, samples: readonly Sample[]): Promise<void> {
  if (samples.length > 0) await db.insert(chargingSamples).values([...samples]);
}

/** The counted readings, in time order: what the cost is priced over. */
export async function sessionSamples(db: Db, sessionId: string) {
  return db
    .select({ at: chargingSamples.at, energyWh: chargingSamples.energyWh })
    .from(chargingSamples)
    .where(and(eq(chargingSamples.sessionId, sessionId), eq(chargingSamples.isCounted, true)))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

/** Every reading with the meter's own register, in time order (counted or not). */
export async function meterTimeline(db: Db, sessionId: string) {
  return db
    .select({
      id: chargingSamples.id,
      at: chargingSamples.at,
      registerWh: chargingSamples.registerWh,
      isCounted: chargingSamples.isCounted,
    })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

export async function setSamplesCounted(
  db: Db,
  ids: readonly number[],
  isCounted: boolean,
): Promise<void> {
  if (ids.length > 0)
    await db
      .update(chargingSamples)
      .set({ isCounted })
      .where(inArray(chargingSamples.id, [...ids]));
}

/** The counted samples of the charging screen's chart, in time order. */
export async function chartSamples(db: Db, sessionId: string) {
  return db
    .select({
      at: chargingSamples.at,
      energyWh: chargingSamples.energyWh,
      powerW: chargingSamples.powerW,
      socPercent: chargingSamples.socPercent,
    })
    .from(chargingSamples)
    .where(and(eq(chargingSamples.sessionId, sessionId), eq(chargingSamples.isCounted, true)))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}
