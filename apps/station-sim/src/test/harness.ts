// Builds a simulated station wired to an in-test central system, on a manual clock.
import { createManualClock, type ManualClock } from '../clock';
import { createStation, type Station, type StationOptions } from '../station';
import { startCentralSystem, type CentralSystem } from './central-system';

export type Rig = {
  cs: CentralSystem;
  clock: ManualClock;
  station: Station;
  logs: string[];
  stop(): Promise<void>;
};

export const stationId = 'CP-1';
export const stationPassword = 'secret-password-1';

export async function startRig(overrides: Partial<StationOptions> = {}): Promise<Rig> {
  const cs = await startCentralSystem({ [stationId]: stationPassword });
  const clock = createManualClock();
  const logs: string[] = [];
  const station = createStation({
    url: cs.url,
    id: stationId,
    password: stationPassword,
    clock,
    connectors: [{ currentType: 'AC', powerW: 22_000 }],
    meterIntervalMs: 60_000,
    callTimeoutMs: 2000,
    reconnectDelayMs: { initial: 20, max: 100 },
    log: (line) => logs.push(line),
    ...overrides,
  });
  return {
    cs,
    clock,
    station,
    logs,
    async stop() {
      await station.close();
      await cs.close();
    },
  };
}

/** Lets queued messages reach the central system. */
export async function settle(station: Station): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await station.flush();
}

export const numberOf = (value: unknown) => Number(value);

/** The sampled values of a MeterValues call by measurand. */
export function readings(params: Record<string, unknown>): {
  energyWh: number;
  powerW: number;
  socPercent?: number;
} {
  const meterValue = params.meterValue as {
    sampledValue: { measurand?: string; value: string }[];
  }[];
  const values = meterValue[0]!.sampledValue;
  const get = (measurand: string) => values.find((v) => v.measurand === measurand)?.value;
  const soc = get('SoC');
  return {
    energyWh: Number(get('Energy.Active.Import.Register')),
    powerW: Number(get('Power.Active.Import')),
    socPercent: soc === undefined ? undefined : Number(soc),
  };
}
