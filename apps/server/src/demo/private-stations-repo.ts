import { eq } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../db/client';
import { privateStations } from '../db/schema/private-stations';
import { stations, tariffs } from '../db/schema/stations';

// One function per query of the demo's private stations (private-stations.ts).

/**
 * The private_stations rows; an owned one is claimed now and priced as a claim leaves it (the
 * owner's tariff of zeros in the brand's currency, modules/private-stations/claim.ts).
 */
export async function insertPrivateStationRows(
  db: Db,
  rows: readonly { stationId: string; code: string; secretHash: string; isOwned: boolean }[],
  currency: Currency,
): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(privateStations).values(
      rows.map(({ stationId, secretHash, isOwned }) => ({
        stationId,
        secretHash,
        claimedAt: isOwned ? now : null,
      })),
    );
    for (const row of rows.filter((r) => r.isOwned)) {
      const [tariff] = await tx
        .insert(tariffs)
        .values({ name: `Private station ${row.code}`, currency })
        .returning({ id: tariffs.id });
      await tx
        .update(stations)
        .set({ tariffId: tariff!.id, nextTariffId: null, tariffChangesAt: null })
        .where(eq(stations.id, row.stationId));
    }
  });
}
