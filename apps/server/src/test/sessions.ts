import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { chargingSessions } from '../db/schema/charging';
import { rfidTags } from '../db/schema/driver';
import { chargingSamples } from '../db/schema/ocpp';
import { createUser, type TestUser } from './builders';
import { topUp } from './charging';
import type { SimStation } from './charge-points';
import type { TestServer } from './harness';
import { insertTestTariff } from './station-builders';

// Sessions for the OCPP transaction tests: drivers with RFID tags, a car, lookups.

/** Charges at 11 kW on a 22 kW AC connector: 183 Wh a simulated minute. */
export const testCar = { batteryKwh: 60, socPercent: 20, maxAcKw: 11 };
export const MINUTE_MS = 60_000;

const PER_KWH_MINOR = 1500;

/** The sessions' tariff of the OCPP tests: 15.00 per kWh, parking 1.00 a minute after 10 free. */
export function insertSessionTariff(server: Pick<TestServer, 'db'>): Promise<string> {
  return insertTestTariff(server.db, {
    perKwhMinor: PER_KWH_MINOR,
    parkingPerMinuteMinor: 100,
    freeIdleMinutes: 10,
  });
}

/** The energy cost of that tariff, rounded half up to minor units. */
export const perKwh = (energyWh: number) => Math.floor((energyWh * PER_KWH_MINOR + 500) / 1000);

/**
 * A driver with an active RFID tag and `balanceMinor` on the wallet (1,000.00 by default): a
 * tag starts only as the app would (modules/sessions/start-rules.ts).
 */
export async function driverWithTag(
  server: Pick<TestServer, 'db'>,
  balanceMinor = 100_000,
): Promise<TestUser & { tag: string }> {
  const user = await createUser(server.db);
  const tag = `CARD-${randomBytes(4).toString('hex')}`;
  await server.db.insert(rfidTags).values({ userId: user.id, uid: tag });
  if (balanceMinor > 0) await topUp(server, user.id, balanceMinor);
  return { ...user, tag };
}

export async function sessionOf(server: TestServer, transactionId: number) {
  const [session] = await server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.transactionId, transactionId));
  if (!session) throw new Error(`no session ${transactionId}`);
  return session;
}

export async function sessionsOn(server: TestServer, connectorId: string) {
  return server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.connectorId, connectorId));
}

export async function samplesOf(server: TestServer, sessionId: string) {
  return server.db
    .select()
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

/** Plugs the test car into connector 1, presents the tag, returns the transactionId. */
export async function startWithTag(station: SimStation, tag: string): Promise<number> {
  station.plug(1, testCar);
  const accepted = station.next('transactionAccepted');
  const outcome = await station.presentTag(tag, 1);
  if (outcome.outcome !== 'started')
    throw new Error(`tag not accepted: ${JSON.stringify(outcome)}`);
  const { transactionId, idTagStatus } = await accepted;
  if (idTagStatus !== 'Accepted') throw new Error(`StartTransaction answered ${idTagStatus}`);
  await station.flush();
  return transactionId;
}
