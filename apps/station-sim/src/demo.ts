// One simulated charge point per demo station, so charging works in the demo out of the box:
// a remote start plugs a demo car in and charges it in real time, and the car drives off a
// while after charging ended. The connectors start where a real network stands at midday
// (demo-statuses.ts): most free, some busy, a few faulted or out of service.
import type { Car } from './car';
import { bootStateOf, demoStatuses, demoStatusOf, type DemoStatus } from './demo-statuses';
import { createStation, type ConnectorSpec, type Station, type StationOptions } from './station';
import { normalizeConnectors } from './station-types';

export { demoStatusOf, demoStatuses, type DemoStatus } from './demo-statuses';

export type DemoConnector = ConnectorSpec & {
  /** Where it stands once the station booted; drawn from a realistic mix when absent. */
  status?: DemoStatus;
};

export type DemoStation = {
  id: string;
  password: string;
  connectors?: DemoConnector[] | number;
  vendor?: string;
  model?: string;
  /**
   * A private station waiting for its owner (SPEC §1): the code and the secret printed beside
   * it, which a driver types in the app to add it. The simulator only says so.
   */
  claim?: { code: string; secret: string };
};

/** How long a demo car stays after charging ended, by default: a couple of minutes. */
export const DEMO_CAR_LEAVES_AFTER_MS = 2 * 60_000;

export type DemoOptions = {
  url: string;
  stations: DemoStation[];
  /** Simulated time speed (default 1: real time). */
  speed?: number;
  /** MeterValues interval in simulated ms (default 10 s). */
  meterIntervalMs?: number;
  /**
   * Connectors without a listed status start from a realistic, deterministic mix (default);
   * false: every one of them starts Available.
   */
  statusMix?: boolean;
  /**
   * The idTag the cars on connectors listed (or drawn) Charging or SuspendedEV present after
   * boot, so they draw power in a transaction. The central system must accept it; without
   * one (or if it refuses) those cars wait plugged in: Preparing.
   */
  idTag?: string;
  /** A car auto-plugged for a remote start leaves this long (simulated ms) after charging ended. */
  carLeavesAfterMs?: number;
  log?: (line: string) => void;
  /** Anything else for every station (reject mode, reconnect delays, clock …). */
  stationOptions?: Partial<StationOptions>;
};

export type DemoRun = {
  stations: Station[];
  /**
   * Resolves once every station's BootNotification was accepted and the cars that start
   * charging presented their tag.
   */
  ready: Promise<void>;
  close(): Promise<void>;
};

/** A different, plausible car for each station, the same one on every run. */
export function demoCar(index: number): Partial<Car> {
  const models: Partial<Car>[] = [
    { batteryKwh: 58, maxAcKw: 11, maxDcKw: 120 },
    { batteryKwh: 77, maxAcKw: 11, maxDcKw: 175 },
    { batteryKwh: 40, maxAcKw: 7.4, maxDcKw: 50 },
    { batteryKwh: 100, maxAcKw: 22, maxDcKw: 150 },
  ];
  return { ...models[index % models.length], socPercent: 15 + ((index * 17) % 50) };
}

/** The station's connectors, each with the state it starts in, and those that start charging. */
function planConnectors(
  demo: DemoStation,
  index: number,
  isMixed: boolean,
  hasTag: boolean,
): { connectors: ConnectorSpec[]; charging: number[] } {
  const specs = normalizeConnectors(demo.connectors) as DemoConnector[];
  const charging: number[] = [];
  const connectors = specs.map(({ status: listed, ...spec }, position) => {
    const number = spec.number ?? position + 1;
    const status = listed ?? (isMixed ? demoStatusOf(demo.id, number) : 'Available');
    const { spec: state, isCharging } = bootStateOf(status, {
      stationId: demo.id,
      connectorNumber: number,
      car: demoCar(index + position),
      hasTag,
    });
    if (isCharging) charging.push(position + 1);
    return { ...spec, ...state };
  });
  return { connectors, charging };
}

export function runDemoStations(options: DemoOptions): DemoRun {
  const isMixed = options.statusMix ?? true;
  const plans = options.stations.map((demo, index) =>
    planConnectors(demo, index, isMixed, options.idTag !== undefined),
  );
  const stations = options.stations.map((demo, index) =>
    createStation({
      url: options.url,
      id: demo.id,
      password: demo.password,
      connectors: plans[index]!.connectors,
      vendor: demo.vendor ?? 'evcharge',
      model: demo.model ?? 'demo-station',
      speed: options.speed ?? 1,
      meterIntervalMs: options.meterIntervalMs ?? 10_000,
      autoPlug: demoCar(index),
      autoUnplugAfterMs: options.carLeavesAfterMs ?? DEMO_CAR_LEAVES_AFTER_MS,
      log: options.log,
      ...options.stationOptions,
    }),
  );
  const ready = Promise.all(
    stations.map(async (station, index) => {
      await station.connect();
      const { idTag } = options;
      if (idTag === undefined) return;
      for (const connectorId of plans[index]!.charging) {
        // A refused tag leaves the car waiting (Preparing); a lost socket is not fatal either.
        await station.presentTag(idTag, connectorId).catch((error: unknown) => {
          options.log?.(
            `${station.id} connector ${connectorId}: tag not presented (${error instanceof Error ? error.message : String(error)})`,
          );
        });
      }
    }),
  ).then(() => undefined);
  ready.catch(() => undefined);
  return {
    stations,
    ready,
    async close() {
      await Promise.all(stations.map((station) => station.close()));
    },
  };
}

/** Reads a station list: `[{ id, password, connectors }]` or `{ stations: [...] }`. */
export function parseStationList(json: string): DemoStation[] {
  const data: unknown = JSON.parse(json);
  const list = Array.isArray(data) ? data : (data as { stations?: unknown }).stations;
  if (!Array.isArray(list))
    throw new Error('expected a JSON list of stations, or { "stations": [...] }');
  return list.map((entry, index) => {
    const { id, password, connectors } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || typeof password !== 'string') {
      throw new Error(`station ${index + 1}: "id" and "password" must be strings`);
    }
    if (connectors !== undefined && typeof connectors !== 'number' && !Array.isArray(connectors)) {
      throw new Error(`station ${id}: "connectors" must be a number or a list`);
    }
    for (const connector of Array.isArray(connectors) ? connectors : []) {
      const { status } = (connector ?? {}) as { status?: unknown };
      if (status !== undefined && !(demoStatuses as readonly unknown[]).includes(status)) {
        throw new Error(
          `station ${id}: connector status ${JSON.stringify(status)} is not one of ${demoStatuses.join(', ')}`,
        );
      }
    }
    return { ...(entry as DemoStation), id, password };
  });
}
