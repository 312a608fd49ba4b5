// The real server for the load benchmark: the production app (all plugins, validation,
// serialization, logging at warn, the database connections and the LISTEN as server.ts sets
// them, INSTANCES processes sharing the port as server.ts starts them) with the per-address
// rate limit raised, since all load comes from one loopback address and would otherwise
// measure the 429 path.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { isInstanceProcess, runInstances } from '../apps/server/src/instances';

const config = loadConfig();
const open = () =>
  openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );

if (config.instances > 1 && !isInstanceProcess()) {
  await runInstances({
    count: config.instances,
    prepare: async () => {
      const database = await open();
      await database.migrate();
      await database.close();
    },
    onReady: () => process.send?.('ready'),
    log: () => {},
  });
} else {
  const database = await open();
  if (!isInstanceProcess()) await database.migrate();
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.driver === 'pg' ? database.listen : undefined,
    rateLimits: { globalPerMinute: 1_000_000_000 },
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  if (!isInstanceProcess()) process.send?.('ready');
  process.once(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}
