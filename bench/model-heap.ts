// Benchmark: the heap the station read model's rows take (loadStationRows, what every
// instance keeps for the life of the process and every full collection marks), over N stations
// seeded into a fresh database. Heap after two collections, before and after loading.
//
//   npm run model-heap -w @evcharge/bench -- [--stations 100000]
//     [--database pglite|postgres://user@host/admin-db]
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import { loadStationRows } from '../apps/server/src/modules/stations/repo';
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
const heapAfterCollection = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const { database, target } = await freshDatabase(
  values.database === 'pglite' ? undefined : values.database,
);
try {
  await database.migrate();
  await insertStations(database.db, generateStations(stationCount, 42));
  const before = heapAfterCollection();
  const rows = await loadStationRows(database.db);
  const after = heapAfterCollection();
  const connectorCount = rows.reduce((count, row) => count + row.connectors.length, 0);
  console.log(
    `${rows.length} stations, ${connectorCount} connectors (${target.where}): ` +
      `${((after - before) / 1024 / 1024).toFixed(1)} MB of heap for the read model's rows`,
  );
} finally {
  await database.close();
  await target.cleanUp();
}
