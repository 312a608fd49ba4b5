import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../db/client';
import type { GeneratedStation } from './stations';
import { insertPrivateStationRows } from './private-stations-repo';

/**
 * SPEC §1 private stations in the demo: every demo private station waits for its owner with a
 * secret printed beside its code, but the demo driver's two, which they own already. The
 * secret of a demo station is made from its code (public, in the README and in the list the
 * simulator plays), so a person trying the demo can add one: OVB-00090 → its secret below.
 */
export function demoClaimSecret(stationCode: string): string {
  const hex = createHash('sha256').update(`evcharge demo claim ${stationCode}`).digest('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}`.toUpperCase();
}

// Public secrets: a slow hash would protect nothing (charge-points.ts does the same).
const publicSecretHash = (secret: string) => hash(secret, { memoryCost: 1024, timeCost: 1 });

/** The private stations' rows: unclaimed ones with their secret, owned ones claimed now. */
export async function insertDemoPrivateStations(
  db: Db,
  generated: readonly GeneratedStation[],
  owned: ReadonlySet<string>,
  currency: Currency,
): Promise<void> {
  const rows = await Promise.all(
    generated
      .filter((station) => station.isPrivate)
      .map(async (station) => ({
        stationId: station.id,
        code: station.code,
        secretHash: await publicSecretHash(demoClaimSecret(station.code)),
        isOwned: owned.has(station.id),
      })),
  );
  await insertPrivateStationRows(db, rows, currency);
}
