import { randomBytes } from 'node:crypto';
import type { StationOptions } from '@evcharge/station-sim/station';
import type { Db } from '../db/client';
import { registerChargePoint } from '../ocpp/register';
import { simStation, type SimStation, type TestChargePoint } from './charge-points';
import type { TestServer } from './harness';
import { MINUTE_MS } from './sessions';
import { insertTestStations } from './station-builders';

// Many simulated charge points at once, with what each of them did written down: the
// transactions as the station saw them (meter start and stop) and every message the central
// system answered, for tests that check the server against the stations' own figures.

/** Stations of two Type 2 connectors on `tariffId`, each with a registered charge point (database only). */
export async function insertChargePoints(
  db: Db,
  count: number,
  tariffId: string,
): Promise<TestChargePoint[]> {
  const places = Array.from({ length: count }, () => ({
    lat: -60 + Math.random() * 120,
    lng: -170 + Math.random() * 340,
  }));
  const stations = await insertTestStations(
    db,
    places.map((place) => ({ ...place, tariffId, connectors: [{}, {}] })),
  );
  const chargePoints: TestChargePoint[] = [];
  for (const [index, station] of stations.entries()) {
    const id = `CP-${randomBytes(4).toString('hex')}`;
    const password = `pw-${randomBytes(8).toString('hex')}`;
    await registerChargePoint(db, { id, password, station: station.id });
    chargePoints.push({ id, password, station: { ...station, ...places[index]! } });
  }
  return chargePoints;
}

/** A transaction as its station saw it. */
export type FleetTransaction = {
  station: SimStation;
  connectorId: number;
  localId: number;
  idTag: string;
  meterStartWh: number;
  /** The central system's id, once it answered StartTransaction. */
  transactionId?: number;
  /** Set when the station ended it (transactionStopped). */
  meterStopWh?: number;
  stopReason?: string;
  /** When the station ended it, by its clock. */
  stoppedAtMs?: number;
};

/** A message the central system answered, numbered in the order the answers came. */
export type AnsweredMessage = { seq: number; stationId: string; action: string; payload: object };

export type Fleet = {
  stations: SimStation[];
  transactions: FleetTransaction[];
  answered: AnsweredMessage[];
  /** The number the next answered message gets: a mark to read `answered` from. */
  mark: () => number;
  /** Moves every station's clock a minute at a time; with `flush`, waits for delivery each minute. */
  advance: (minutes: number, options: { flush: boolean }) => Promise<void>;
  flush: (timeoutMs?: number) => Promise<void>;
};

/**
 * A simulator per charge point on its own manual clock. `meterStartWh` gives each connector's
 * register a distinct starting value, so energy is only right when meter start is subtracted.
 */
export function stationFleet(
  server: Pick<TestServer, 'baseUrl'>,
  chargePoints: TestChargePoint[],
  overrides: Partial<StationOptions> = {},
): Fleet {
  const transactions: FleetTransaction[] = [];
  const answered: AnsweredMessage[] = [];
  const stations = chargePoints.map((chargePoint, index) => {
    const station = simStation(server, chargePoint, {
      connectors: [1, 2].map((n) => ({ meterStartWh: 1_000_000 * (index + 1) + 10_000 * n + 7 })),
      ...overrides,
    });
    const ofLocal = (localId: number) =>
      transactions.find((t) => t.station === station && t.localId === localId);
    station.on('transactionStarted', ({ connectorId, localId, idTag, meterStartWh }) => {
      transactions.push({ station, connectorId, localId, idTag, meterStartWh });
    });
    station.on('transactionAccepted', ({ localId, transactionId }) => {
      const transaction = ofLocal(localId);
      if (transaction) transaction.transactionId = transactionId;
    });
    station.on('transactionStopped', ({ localId, meterStopWh, reason }) => {
      const transaction = ofLocal(localId);
      if (transaction)
        Object.assign(transaction, {
          meterStopWh,
          stopReason: reason,
          stoppedAtMs: station.clock.now(),
        });
    });
    station.on('sent', ({ action, payload }) => {
      answered.push({ seq: answered.length, stationId: station.id, action, payload });
    });
    return station;
  });

  const flush = async (timeoutMs = 60_000) => {
    await Promise.all(stations.map((station) => station.flush(timeoutMs)));
  };
  return {
    stations,
    transactions,
    answered,
    mark: () => answered.length,
    flush,
    async advance(minutes, { flush: isFlushing }) {
      for (let minute = 0; minute < minutes; minute += 1) {
        for (const station of stations) station.clock.advance(MINUTE_MS);
        if (isFlushing) await flush();
      }
    },
  };
}

type MeterValuesPayload = {
  transactionId?: number;
  meterValue: { timestamp: string; sampledValue: { value: string; measurand?: string }[] }[];
};

/** The energy register readings (Wh) of a MeterValues payload, with their times. */
export function registerReadings(payload: object): { at: string; registerWh: number }[] {
  return (payload as MeterValuesPayload).meterValue.flatMap((value) =>
    value.sampledValue
      .filter((sampled) => sampled.measurand === 'Energy.Active.Import.Register')
      .map((sampled) => ({ at: value.timestamp, registerWh: Number(sampled.value) })),
  );
}
