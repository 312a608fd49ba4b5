import { writeFileSync } from 'node:fs';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { demoAccounts } from './accounts';
import { demoChargePointPassword, insertDemoChargePoints } from './charge-points';
import { DEMO_SEED, DEMO_STATION_COUNT, generateStations, seedDemoIfEmpty } from './seed';
import {
  findUserIdByEmail,
  listChargePointConnectors,
  unclaimedPrivateCodes,
} from './charge-points-repo';
import { demoClaimSecret } from './private-stations';

// npm run demo-charge-points -w @evcharge/server -- <list.json>
// For `npm start`, before the server opens the database: seeds the demo when the database is
// empty, gives every demo station its charge point (data folders made before charge points
// existed have none), and writes the list the simulator plays (apps/station-sim --stations).
// Only a demo database gets demo charge points: their passwords are public.

// The status each demo connector was seeded with, as the simulator's start-up status: the
// map then shows the seeded mix (busy, faulted, off …) and not every connector free. Read from
// the generator, not the database, which holds whatever the last run reported. Session states
// (parking, success, cancelled) are a car still plugged after charging: Finishing. Reserved is
// the central system's to make, so the charge point starts Available.
const simStatusOf: Record<ConnectorStatus, string> = {
  available: 'Available',
  preparing: 'Preparing',
  charging: 'Charging',
  suspendedev: 'SuspendedEV',
  suspendedevse: 'SuspendedEVSE',
  finishing: 'Finishing',
  parking: 'Finishing',
  success: 'Finishing',
  cancelled: 'Finishing',
  reserved: 'Available',
  unavailable: 'Unavailable',
  faulted: 'Faulted',
};

function seededStatuses(): Map<string, string> {
  return new Map(
    generateStations(DEMO_STATION_COUNT, DEMO_SEED).flatMap((station) =>
      station.connectors.map(
        (c) => [`${station.code}#${c.number}`, simStatusOf[c.status]] as const,
      ),
    ),
  );
}

const out = process.argv[2];
if (!out) throw new Error('usage: demo-charge-points <list.json>');

const config = loadConfig();
let list: unknown[] = [];
if (config.seedDemo) {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const { db } = database;
    await database.migrate();
    await seedDemoIfEmpty(db);
    const demoDriver = await findUserIdByEmail(db, demoAccounts.driver.email);
    if (demoDriver) {
      await insertDemoChargePoints(db);
      const rows = await listChargePointConnectors(db);
      const seededStatus = seededStatuses();
      // SPEC §1 private stations: those waiting for an owner carry their code and secret, so a
      // person running the demo can add one in the app (README, "Demo").
      const unclaimed = new Set(await unclaimedPrivateCodes(db));
      type Listed = {
        id: string;
        password: string;
        connectors: unknown[];
        claim?: { code: string; secret: string };
      };
      const byId = new Map<string, Listed>();
      for (const row of rows) {
        // Only the demo's own charge points: their id is the station code.
        if (row.id !== row.code) continue;
        let station = byId.get(row.id);
        if (!station) {
          station = { id: row.id, password: demoChargePointPassword(row.code), connectors: [] };
          if (unclaimed.has(row.code))
            station.claim = { code: row.code, secret: demoClaimSecret(row.code) };
          byId.set(row.id, station);
        }
        const { number, currentType, socketType, powerW } = row;
        const status = seededStatus.get(`${row.code}#${number}`);
        station.connectors.push({ number, currentType, socketType, powerW, status });
      }
      list = [...byId.values()];
    }
  } finally {
    await database.close();
  }
}
writeFileSync(out, JSON.stringify(list));
console.log(`${list.length} demo charge points for the simulator in ${out}`);
