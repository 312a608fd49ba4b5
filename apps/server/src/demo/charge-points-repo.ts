import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chargePoints } from '../db/schema/ocpp';
import { privateStations } from '../db/schema/private-stations';
import { connectors, stations } from '../db/schema/stations';
import { users } from '../db/schema/users';

// One function per query of the demo charge point list (charge-points-cli.ts).

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** Every charge point with its station's code and connectors, by id and connector number. */
export async function listChargePointConnectors(db: Db) {
  return db
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
}

/** The codes of the private stations that wait, unclaimed, to be added by a driver. */
export async function unclaimedPrivateCodes(db: Db): Promise<string[]> {
  const rows = await db
    .select({ code: stations.code })
    .from(stations)
    .innerJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(and(eq(stations.isPrivate, true), isNull(stations.ownerUserId)))
    .orderBy(asc(stations.code));
  return rows.map((row) => row.code);
}
