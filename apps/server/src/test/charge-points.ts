import { randomBytes } from 'node:crypto';
import { createManualClock, type ManualClock } from '@evcharge/station-sim/clock';
import { createStation, type Station, type StationOptions } from '@evcharge/station-sim/station';
import { registerChargePoint } from '../ocpp/register';
import type { TestServer } from './harness';
import { addStation, type InsertedStation, type TestStation } from './station-builders';

// OCPP tests drive the real simulator (apps/station-sim) over loopback; this is the only place
// the server's code base touches it, and only in tests.

export type TestChargePoint = {
  id: string;
  password: string;
  station: InsertedStation & { lat: number; lng: number };
};

export function ocppUrl(server: Pick<TestServer, 'baseUrl'>): string {
  return `${server.baseUrl.replace(/^http/, 'ws')}/ocpp`;
}

/** A station (two Type 2 connectors unless said) with a registered charge point. */
export async function addChargePoint(
  server: TestServer,
  station: Partial<TestStation> = {},
): Promise<TestChargePoint> {
  // Somewhere of its own, so a list around it finds it first.
  const place = { lat: -60 + Math.random() * 120, lng: -170 + Math.random() * 340 };
  const inserted = await addStation(server, { ...place, connectors: [{}, {}], ...station });
  const id = `CP-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await registerChargePoint(server.db, { id, password, station: inserted.id });
  return {
    id,
    password,
    station: { ...inserted, lat: station.lat ?? place.lat, lng: station.lng ?? place.lng },
  };
}

export type SimStation = Station & { clock: ManualClock; logs: string[] };

const running = new Set<Station>();

/**
 * The simulator for a charge point on a manual clock that starts now: nothing happens on its
 * side (meter values, heartbeats) until the test advances the clock.
 */
export function simStation(
  server: Pick<TestServer, 'baseUrl'>,
  chargePoint: TestChargePoint,
  overrides: Partial<StationOptions> = {},
): SimStation {
  const clock = createManualClock(Date.now());
  const logs: string[] = [];
  const station = createStation({
    url: ocppUrl(server),
    id: chargePoint.id,
    password: chargePoint.password,
    clock,
    connectors: chargePoint.station.connectorIds.length,
    meterIntervalMs: 60_000,
    callTimeoutMs: 3000,
    reconnectDelayMs: { initial: 20, max: 200 },
    log: (line) => {
      logs.push(line);
      if (process.env.TEST_LOG) console.log(line);
    },
    ...overrides,
  });
  running.add(station);
  return Object.assign(station, { clock, logs });
}

/** A charge point on a station with `station`'s fields, its simulator booted and its statuses in. */
export async function connectedStation(
  server: TestServer,
  station: Partial<TestStation> = {},
): Promise<{ chargePoint: TestChargePoint; station: SimStation }> {
  const chargePoint = await addChargePoint(server, station);
  const sim = simStation(server, chargePoint);
  await sim.connect({ timeoutMs: 5000 });
  await sim.flush();
  return { chargePoint, station: sim };
}

/** Closes every simulated station a test started (before the server closes). */
export async function closeSimStations(): Promise<void> {
  await Promise.all([...running].map((station) => station.close()));
  running.clear();
}

/** Polls until `check` returns a value other than undefined/false, or fails after the timeout. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
