import type { Currency } from '@evcharge/domain/currency';
import { demoBrand } from '../brand/demo';
import type { Db } from '../db/client';
import { insertDemoAccounts } from './accounts';
import { insertDemoAnalytics } from './analytics';
import { insertDemoLoyalty } from './loyalty';
import { insertDemoConversation } from './messages';
import { insertDemoReviews } from './reviews';
import { insertDemoChargePoints } from './charge-points';
import { insertDemoPrivateStations } from './private-stations';
import { insertStations } from './insert-repo';
import { generateStations } from './stations';
import { countUsersAndStations, insertFavouriteStations } from './repo';

export { generateStations } from './stations';
export { insertStations } from './insert-repo';
export { demoChargePointPassword } from './charge-points';
export { demoClaimSecret } from './private-stations';

export const DEMO_STATION_COUNT = 300;
export const DEMO_SEED = 20_261_001;

export type SeedSummary = { stations: number; users: number };

/** Demo accounts and stations; the same data on every machine (seeded PRNG). */
export async function seedDemo(
  db: Db,
  options: { stations?: number; seed?: number } = {},
): Promise<SeedSummary> {
  const generated = generateStations(
    options.stations ?? DEMO_STATION_COUNT,
    options.seed ?? DEMO_SEED,
  );
  const { driverId, reviewerIds, moderatorId, supportId } = await insertDemoAccounts(db);
  // The driver owns the first two private stations (SPEC §1: "my charges").
  const owned = new Set(
    generated
      .filter((s) => s.isPrivate)
      .slice(0, 2)
      .map((s) => s.id),
  );
  await insertStations(db, generated, {
    ownerUserId: (station) => (owned.has(station.id) ? driverId : null),
  });
  // The other private stations wait for whoever has their code and secret (README).
  await insertDemoPrivateStations(db, generated, owned, demoBrand.currency as Currency);
  // OCPP: each demo station is a charge point the simulator can play (charge-points.ts).
  await insertDemoChargePoints(db);
  const favourites = generated.filter((s) => s.state === 'works' && !s.isPrivate).slice(0, 3);
  await insertDemoLoyalty(db, driverId);
  // The chat opens with a conversation with support (SPEC §7 Messages and feedback).
  await insertDemoConversation(db, { driverId, supportId });
  // The driver's favourites have reviews, so the station pages a demo opens first show them.
  await insertDemoReviews(
    db,
    favourites.map((s) => s.id),
    { reviewerIds, moderatorId },
  );
  await insertFavouriteStations(
    db,
    driverId,
    favourites.map((s) => s.id),
  );
  // The staff console's analytics have four weeks to show.
  await insertDemoAnalytics(db, new Date(), options.seed ?? DEMO_SEED);
  return { stations: generated.length, users: 3 };
}

/** Seeds only a database with no users and no stations; null when it already has data. */
export async function seedDemoIfEmpty(
  db: Db,
  options: { stations?: number; seed?: number } = {},
): Promise<SeedSummary | null> {
  if ((await countUsersAndStations(db)) > 0) return null;
  return seedDemo(db, options);
}
