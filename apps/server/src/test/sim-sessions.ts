import type { SimStation } from './charge-points';
import { eventually } from './charge-points';
import type { TestServer } from './harness';
import { MINUTE_MS, sessionOf } from './sessions';

// A session on the simulator, minute by minute on its manual clock: until it charges, until
// the server asks it to stop, and until the car leaves.

export async function chargingNow(server: TestServer, station: SimStation, transactionId: number) {
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  await station.flush();
}

/** Advances the station a simulated minute at a time until the server asked it to stop. */
export async function chargeUntilStopRequested(
  server: TestServer,
  station: SimStation,
  transactionId: number,
  maxMinutes: number,
) {
  for (let minute = 1; minute <= maxMinutes; minute += 1) {
    station.clock.advance(MINUTE_MS);
    await station.flush();
    const session = await sessionOf(server, transactionId);
    if (session.stopRequestedAt || session.status !== 'charging') return minute;
  }
  throw new Error(`no stop within ${maxMinutes} minutes`);
}

/** The car on connector 1 leaves after `parkedMinutes`: the session ends and is paid. */
export async function leave(
  server: TestServer,
  station: SimStation,
  transactionId: number,
  parkedMinutes = 0,
) {
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'parking');
  station.clock.advance(parkedMinutes * MINUTE_MS);
  station.unplug(1);
  await station.flush();
  return eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
}
