import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client';
import { chargePoints } from '../db/schema/ocpp';
import { stations } from '../db/schema/stations';

/**
 * The demo's charge points: one per demo station, its id the station's code, its password
 * `demo-` and the code in lower case (MOW-00007 → demo-mow-00007). Published in the README so
 * the simulator (or any OCPP 1.6J simulator) can play the demo stations; never use such
 * passwords for real charge points.
 */
export function demoChargePointPassword(stationCode: string): string {
  return `demo-${stationCode.toLowerCase()}`;
}

// The passwords are public, so a slow hash would protect nothing and cost 300 × 80 ms at
// every first start; argon2id with 1 MiB and one pass is still a valid hash for verify(). An
// unknown id's handshake is checked against a dummy of the stored hashes' cost (ocpp/handshake.ts).
const publicPasswordHash = (password: string) => hash(password, { memoryCost: 1024, timeCost: 1 });

const CHUNK = 1000;

/** Registers a charge point for every station without one; returns how many it added. */
export async function insertDemoChargePoints(db: Db): Promise<number> {
  const rows = await db.select({ id: stations.id, code: stations.code }).from(stations);
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const values = await Promise.all(
      part.map(async (station) => ({
        id: station.code,
        stationId: station.id,
        passwordHash: await publicPasswordHash(demoChargePointPassword(station.code)),
      })),
    );
    const inserted = await db
      .insert(chargePoints)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: chargePoints.id });
    added += inserted.length;
  }
  return added;
}
