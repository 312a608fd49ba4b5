import { writeFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { demoAccounts } from '../db/demo-data/accounts';
import { demoChargePointPassword, insertDemoChargePoints } from '../db/demo-data/charge-points';
import { chargePoints } from '../db/schema/ocpp';
import { connectors, stations } from '../db/schema/stations';
import { users } from '../db/schema/users';
import { seedDemoIfEmpty } from '../db/seed';

// npm run demo-charge-points -w @evcharge/server -- <list.json>
// For `npm start`, before the server opens the database: seeds the demo when the database is
// empty, gives every demo station its charge point (data folders made before charge points
// existed have none), and writes the list the simulator plays (apps/station-sim --stations).
// Only a demo database gets demo charge points: their passwords are public.
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
    const [demoDriver] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.driver.email));
    if (demoDriver) {
      await insertDemoChargePoints(db);
      const rows = await db
        .select({
          id: chargePoints.id,
          code: stations.code,
          number: connectors.number,
          currentType: connectors.currentType,
          socketType: connectors.socketType,
          powerW: connectors.powerW,
        })
        .from(chargePoints)
        .innerJoin(stations, eq(stations.id, chargePoints.stationId))
        .innerJoin(connectors, eq(connectors.stationId, stations.id))
        .orderBy(asc(chargePoints.id), asc(connectors.number));
      const byId = new Map<string, { id: string; password: string; connectors: unknown[] }>();
      for (const row of rows) {
        // Only the demo's own charge points: their id is the station code.
        if (row.id !== row.code) continue;
        let station = byId.get(row.id);
        if (!station) {
          station = { id: row.id, password: demoChargePointPassword(row.code), connectors: [] };
          byId.set(row.id, station);
        }
        const { number, currentType, socketType, powerW } = row;
        station.connectors.push({ number, currentType, socketType, powerW });
      }
      list = [...byId.values()];
    }
  } finally {
    await database.close();
  }
}
writeFileSync(out, JSON.stringify(list));
console.log(`${list.length} demo charge points for the simulator in ${out}`);
