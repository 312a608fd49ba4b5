import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './demo/seed';
import { isInstanceProcess, runInstances } from './instances';

function openConfiguredDatabase(config: Config) {
  return openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
}

/** Migrations, and the demo data on first start: once per start, before any instance serves. */
async function prepareDatabase(database: Awaited<ReturnType<typeof openDatabase>>, config: Config) {
  await database.migrate();
  return config.seedDemo ? await seedDemoIfEmpty(database.db) : null;
}

// Starts the server: configuration, database (migrated, demo data on first start), HTTP; with
// INSTANCES above 1, that many processes sharing the port (instances.ts).
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.instances > 1 && !isInstanceProcess()) {
    await runInstances({
      count: config.instances,
      prepare: async () => {
        const database = await openConfiguredDatabase(config);
        try {
          await prepareDatabase(database, config);
        } finally {
          await database.close();
        }
      },
      log: (message, fields) => {
        // As pino writes the instances' lines (level 30: info).
        if (['trace', 'debug', 'info'].includes(config.logLevel)) {
          console.log(
            JSON.stringify({
              level: 30,
              time: Date.now(),
              pid: process.pid,
              msg: message,
              ...fields,
            }),
          );
        }
      },
    });
    return;
  }
  await serve(config);
}

async function serve(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  // Seed before building the app: the station read model loads the stations at build.
  const seeded = isInstanceProcess() ? null : await prepareDatabase(database, config);
  // Several instances share a PostgreSQL; the embedded database has one process.
  const listen = database.driver === 'pg' ? database.listen : undefined;
  const app = await buildApp({ config, db: database.db, listen });
  if (seeded) app.log.info(seeded, 'demo data seeded');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let open requests finish, then release the database.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  // A queue of connections not yet accepted as long as the kernel allows (net.core.somaxconn):
  // thousands of drivers whose polls come back at once (a restart, a network outage) would
  // otherwise overflow Node's default of 511 and have their connections reset.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  if (config.demoMode) {
    app.log.warn(
      'DEMO MODE (DEMO_MODE=true): the outbox at /dev/outbox shows every mail and code to anyone; never for real users',
    );
  }
  app.log.info(
    {
      database: database.driver,
      mail: config.mail.transport,
      demoMode: config.demoMode,
      publicUrl: config.publicUrl,
    },
    'evcharge server ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
