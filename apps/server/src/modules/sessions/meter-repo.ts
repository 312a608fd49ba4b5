import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSamples } from '../../db/schema/ocpp';

// A session's meter samples: the charging screen's chart and the final cost's readings.

export type Sample = typeof chargingSamples.$inferInsert;

export async function insertSamples(db: Db, samples: readonly Sample[]): Promise<void> {
  if (samples.length > 0) await db.insert(chargingSamples).values([...samples]);
}

export async function sessionSamples(db: Db, sessionId: string) {
  return db
    .select({ at: chargingSamples.at, energyWh: chargingSamples.energyWh })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

/** The samples of the charging screen's chart, in time order. */
export async function chartSamples(db: Db, sessionId: string) {
  return db
    .select({
      at: chargingSamples.at,
      energyWh: chargingSamples.energyWh,
      powerW: chargingSamples.powerW,
      socPercent: chargingSamples.socPercent,
    })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}
