import { randomBytes } from 'node:crypto';
import {
  claimPrivateStation,
  saveSharingSchedule,
  type PrivateStation,
  type SharingSchedule,
  type SharingScheduleBody,
} from '@evcharge/api/private-stations/private-stations';
import { localDateOf } from '@evcharge/domain/private-station';
import { registerChargePoint } from '../ocpp/register';
import { connectedStation, type SimStation, type TestChargePoint } from './charge-points';
import type { TestServer } from './harness';
import type { TestStation } from './station-builders';

// Private stations for the tests (SPEC §1): registered unclaimed with a secret as the operator
// does (ocpp/register.ts), added by a driver through the API, shared on terms the test sets.

const allDay = [{ from: '00:00', to: '24:00' }];
export const allWeek = { mo: allDay, tu: allDay, we: allDay, th: allDay, fr: allDay, sa: allDay, su: allDay };
export const noHours = { mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] };
export const noPrices = { perKwhMinor: 0, perMinuteMinor: 0, parkingPerMinuteMinor: 0 };

/** Shared every day round the clock at these prices (15.00 per kWh unless said). */
export function sharedAlways(
  prices: Partial<SharingScheduleBody['prices']> = {},
): SharingScheduleBody {
  return {
    isShared: true,
    weekly: allWeek,
    datesOff: [],
    prices: { ...noPrices, perKwhMinor: 1500, ...prices },
  };
}

/** The same, but today (the station's local date) is a date off: shared at no time today. */
export function sharedButNotToday(utcOffsetMinutes = 0): SharingScheduleBody {
  return { ...sharedAlways(), datesOff: [localDateOf(new Date(), utcOffsetMinutes)] };
}

export type UnclaimedStation = {
  /** The station's id, code and connectors. */
  id: string;
  code: string;
  connectorIds: string[];
  secret: string;
  chargePoint: TestChargePoint;
  /** Its charge point, played by the simulator. */
  sim: SimStation;
};

/**
 * A station with a simulated charge point (booted, statuses in) that waits unclaimed for its
 * code and a secret, as the operator registers one.
 */
export async function unclaimedStation(
  server: TestServer,
  station: Partial<TestStation> = {},
): Promise<UnclaimedStation> {
  const { chargePoint, station: sim } = await connectedStation(server, station);
  const secret = `S-${randomBytes(6).toString('hex')}`;
  await registerChargePoint(server.db, {
    id: chargePoint.id,
    password: chargePoint.password,
    station: chargePoint.station.id,
    privateSecret: secret,
  });
  await server.app.stationReadModel.refreshStation(chargePoint.station.id);
  const { id, code, connectorIds } = chargePoint.station;
  return { id, code, connectorIds, secret, chargePoint, sim };
}

/** Adds the station as `owner` through the API. */
export async function claim(
  server: TestServer,
  owner: { token: string },
  station: { code: string; secret: string },
) {
  return server.call<PrivateStation>(claimPrivateStation, {
    token: owner.token,
    body: { code: station.code, secret: station.secret },
  });
}

/** An unclaimed station added by `owner`. */
export async function ownedStation(
  server: TestServer,
  owner: { token: string },
  station: Partial<TestStation> = {},
): Promise<UnclaimedStation> {
  const unclaimed = await unclaimedStation(server, station);
  const claimed = await claim(server, owner, unclaimed);
  if (claimed.status !== 200) throw new Error(`claim failed: ${JSON.stringify(claimed.body)}`);
  return unclaimed;
}

/** The owner sets the station's terms for others; throws unless they were taken. */
export async function share(
  server: TestServer,
  owner: { token: string },
  stationId: string,
  body: SharingScheduleBody,
): Promise<SharingSchedule> {
  const saved = await server.call<SharingSchedule>(saveSharingSchedule, {
    token: owner.token,
    params: { id: stationId },
    body,
  });
  if (saved.status !== 200) throw new Error(`save failed: ${JSON.stringify(saved.body)}`);
  return saved.body;
}
