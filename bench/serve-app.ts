// The real server for the load benchmark: the production app (all plugins, validation,
// serialization, logging at warn, the database connections and the LISTEN as server.ts sets
// them) with the per-address rate limit raised, since all load comes from one loopback
// address and would otherwise measure the 429 path.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { dataDir: config.dataDir },
);
await database.migrate();
const app = await buildApp({
  config,
  db: database.db,
  listen: database.driver === 'pg' ? database.listen : undefined,
  rateLimits: { globalPerMinute: 1_000_000_000 },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
