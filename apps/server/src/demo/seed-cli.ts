import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DEMO_SEED, DEMO_STATION_COUNT, seedDemoIfEmpty } from './seed';

// npm run seed -w @evcharge/server [-- --stations 10000 --seed 7]: migrates the configured
// database and fills it with demo data when it is empty.
const { values } = parseArgs({
  options: { stations: { type: 'string' }, seed: { type: 'string' } },
});
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await database.migrate();
  const summary = await seedDemoIfEmpty(database.db, {
    stations: Number(values.stations ?? DEMO_STATION_COUNT),
    seed: Number(values.seed ?? DEMO_SEED),
  });
  console.log(
    summary
      ? `Seeded ${summary.stations} stations and ${summary.users} demo accounts.`
      : 'The database already has data; nothing seeded.',
  );
} finally {
  await database.close();
}
