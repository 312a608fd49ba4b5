// Benchmark: what the station read model costs the heap (createStationReadModel, what every
// instance keeps for the life of the process and every full collection marks), over N stations
// seeded into a fresh database: heap and buffers after two collections, before and after the
// model is built, and how long a full collection takes with it (the median of several, each a
// whole mark and sweep on the main thread, as `gc()` runs it) against one without it.
//
//   npm run model-heap -w @evcharge/bench -- [--stations 100000]
//     [--database pglite|postgres://user@host/admin-db]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import { createStationReadModel } from '../apps/server/src/modules/stations';
import { freshDatabase } from './ocpp-setup';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '100000' },
    database: { type: 'string', default: 'pglite' },
  },
});
const stationCount = Number(values.stations);
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function measure() {
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    collectGarbage();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { heapUsed, arrayBuffers, collectionMs: times[3] as number };
}

const { database, target } = await freshDatabase(
  values.database === 'pglite' ? undefined : values.database,
);
try {
  await database.migrate();
  await insertStations(database.db, generateStations(stationCount, 42));
  const before = measure();
  const model = await createStationReadModel(database.db);
  const after = measure();
  const snapshot = model.snapshot();
  console.log(
    `${snapshot.size} stations, ${snapshot.connType.length} connectors (${target.where}): ` +
      `read model ${mb(after.heapUsed - before.heapUsed)} MB of heap, ` +
      `${mb(after.arrayBuffers - before.arrayBuffers)} MB of buffers; ` +
      `a full collection ${after.collectionMs.toFixed(1)} ms (${before.collectionMs.toFixed(1)} ms without the model)`,
  );
  model.close();
} finally {
  await database.close();
  await target.cleanUp();
}
