// One simulated charge point per demo station, so charging works in the demo out of the box:
// a remote start plugs a demo car in and charges it in real time.
import type { Car } from './car';
import { createStation, type ConnectorSpec, type Station, type StationOptions } from './station';

export type DemoStation = {
  id: string;
  password: string;
  connectors?: ConnectorSpec[] | number;
  vendor?: string;
  model?: string;
};

export type DemoOptions = {
  url: string;
  stations: DemoStation[];
  /** Simulated time speed (default 1: real time). */
  speed?: number;
  /** MeterValues interval in simulated ms (default 10 s). */
  meterIntervalMs?: number;
  log?: (line: string) => void;
  /** Anything else for every station (reject mode, reconnect delays …). */
  stationOptions?: Partial<StationOptions>;
};

export type DemoRun = {
  stations: Station[];
  /** Resolves once every station's BootNotification was accepted. */
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

export function runDemoStations(options: DemoOptions): DemoRun {
  const stations = options.stations.map((demo, index) =>
    createStation({
      url: options.url,
      id: demo.id,
      password: demo.password,
      connectors: demo.connectors,
      vendor: demo.vendor ?? 'evcharge',
      model: demo.model ?? 'demo-station',
      speed: options.speed ?? 1,
      meterIntervalMs: options.meterIntervalMs ?? 10_000,
      autoPlug: demoCar(index),
      log: options.log,
      ...options.stationOptions,
    }),
  );
  const ready = Promise.all(stations.map((station) => station.connect())).then(() => undefined);
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
    return { ...(entry as DemoStation), id, password };
  });
}
