// Command-line options of the simulator, parsed without side effects (tested).
import { parseArgs } from 'node:util';
import type { CurrentType } from './car';
import { replayOrders, type ReplayOrder, type StationFaults } from './faults';
import type { ConnectorSpec } from './station';

export const usage = `Simulated OCPP 1.6J charge points for any central system.

Usage: npm run sim -w @evcharge/station-sim -- [options]

  --url <ws-url>          the central system's OCPP endpoint, without the charge point id
                          (default ws://127.0.0.1:8080/ocpp; the id is appended)
  --stations <file.json>  charge points to run: [{ "id", "password", "connectors" }]
  --id <id>               or one charge point by its id …
  --password <password>   … and password (HTTP Basic auth, security profile 1)
  --connectors <list>     for --id: a count, or types and powers like AC:22000,DC:50000
  --speed <factor>        simulated time runs this many times faster (default 1)
  --meter-interval <s>    MeterValues every this many simulated seconds (default 10)
  --no-auto-plug          a remote start waits for a car instead of plugging one in
  --car-leaves-after <s>  the auto-plugged car drives off this many simulated seconds after
                          charging ended (default 120; 0 at once)
  --all-available         with --stations: connectors without a "status" in the file start
                          Available (default: a realistic mix, some busy, faulted, off)
  --demo-tag <idTag>      cars on connectors that start Charging present this tag after boot
                          (the central system must accept it; without one they wait, Preparing)
  --reject-commands       answer every command with Rejected
  --quiet                 log only connections and status changes
  --help

Faults a misbehaving charge point shows (every station; none by default):
  --replay-order <order>  how transaction messages queued offline go out after the reconnect:
                          inOrder (OCPP 1.6 §4.7), meterValuesFirst (MeterValues before the
                          StopTransactions) or stopsFirst (StopTransactions before MeterValues)
  --meter-values-after-stop <n>
                          n more MeterValues after each stop, one per meter interval, the
                          register climbing at the power drawn before the stop
  --lose-stop-transactions <n>   the next n StopTransactions are never sent
  --lose-start-transactions <n>  the next n StartTransactions are never sent (nor, then, the
                          transaction's MeterValues and StopTransaction)
  --clock-offset <s>      every timestamp sent is off by this many seconds
                          (behind: --clock-offset=-3600)

Type commands on stdin while it runs (help lists them).`;

export type CliOptions = {
  url: string;
  stationsFile?: string;
  id?: string;
  password?: string;
  connectors?: ConnectorSpec[] | number;
  speed: number;
  meterIntervalMs: number;
  isAutoPlug: boolean;
  carLeavesAfterMs: number;
  /** Connectors without a listed status start from the demo's mix (else Available). */
  hasStatusMix: boolean;
  demoTag?: string;
  isRejectingCommands: boolean;
  isQuiet: boolean;
  isHelp: boolean;
  /** Faults every station plays from the start (faults.ts). */
  faults: Partial<StationFaults>;
};

export function parseConnectors(value: string): ConnectorSpec[] | number {
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => {
    const [type, power] = part.trim().split(':');
    const currentType = type?.toUpperCase();
    if (currentType !== 'AC' && currentType !== 'DC')
      throw new Error(`--connectors: "${part}" is not AC[:watts] or DC[:watts]`);
    const powerW = power === undefined ? undefined : Number(power);
    if (powerW !== undefined && !(powerW > 0))
      throw new Error(`--connectors: "${part}" has no valid power in watts`);
    return { currentType: currentType as CurrentType, ...(powerW ? { powerW } : {}) };
  });
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!(number > 0)) throw new Error(`${name} must be a positive number, got "${value}"`);
  return number;
}

function nonNegative(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !(number >= 0))
    throw new Error(`${name} must be 0 or a positive number, got "${value}"`);
  return number;
}

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number, 0 or more, got "${value}"`);
  return number;
}

function faultsOf(values: Record<string, string | boolean | undefined>): Partial<StationFaults> {
  const text = (name: string) => values[name] as string | undefined;
  const replayOrder = text('replay-order');
  if (replayOrder !== undefined && !(replayOrders as readonly string[]).includes(replayOrder))
    throw new Error(
      `--replay-order must be one of ${replayOrders.join(', ')}, got "${replayOrder}"`,
    );
  const offset = text('clock-offset');
  if (offset !== undefined && (offset.trim() === '' || !Number.isFinite(Number(offset))))
    throw new Error(`--clock-offset must be a number of seconds, got "${offset}"`);
  const faults: Partial<StationFaults> = {
    replayOrder: replayOrder as ReplayOrder | undefined,
    meterValuesAfterStop: count('--meter-values-after-stop', text('meter-values-after-stop')),
    loseStopTransactions: count('--lose-stop-transactions', text('lose-stop-transactions')),
    loseStartTransactions: count('--lose-start-transactions', text('lose-start-transactions')),
    clockOffsetMs: offset === undefined ? undefined : Number(offset) * 1000,
  };
  return Object.fromEntries(Object.entries(faults).filter(([, value]) => value !== undefined));
}

export function parseCliArgs(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      stations: { type: 'string' },
      id: { type: 'string' },
      password: { type: 'string' },
      connectors: { type: 'string' },
      speed: { type: 'string' },
      'meter-interval': { type: 'string' },
      'no-auto-plug': { type: 'boolean' },
      'car-leaves-after': { type: 'string' },
      'all-available': { type: 'boolean' },
      'demo-tag': { type: 'string' },
      'reject-commands': { type: 'boolean' },
      quiet: { type: 'boolean' },
      'replay-order': { type: 'string' },
      'meter-values-after-stop': { type: 'string' },
      'lose-stop-transactions': { type: 'string' },
      'lose-start-transactions': { type: 'string' },
      'clock-offset': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const options: CliOptions = {
    url: values.url ?? 'ws://127.0.0.1:8080/ocpp',
    stationsFile: values.stations,
    id: values.id,
    password: values.password,
    connectors: values.connectors === undefined ? undefined : parseConnectors(values.connectors),
    speed: positive('--speed', values.speed, 1),
    meterIntervalMs: positive('--meter-interval', values['meter-interval'], 10) * 1000,
    isAutoPlug: !values['no-auto-plug'],
    carLeavesAfterMs: nonNegative('--car-leaves-after', values['car-leaves-after'], 120) * 1000,
    // One charge point from flags is someone testing their central system: no surprises.
    hasStatusMix: Boolean(values.stations) && !values['all-available'],
    demoTag: values['demo-tag'],
    isRejectingCommands: Boolean(values['reject-commands']),
    isQuiet: Boolean(values.quiet),
    isHelp: Boolean(values.help),
    faults: faultsOf(values),
  };
  if (!options.isHelp) {
    if (!/^wss?:\/\//.test(options.url))
      throw new Error(`--url must start with ws:// or wss://, got "${options.url}"`);
    if (!options.stationsFile && !options.id)
      throw new Error('give --stations <file.json> or --id <id> --password <password>');
    if (options.id && options.password === undefined) throw new Error('--id needs --password');
    if (options.demoTag !== undefined && !/^.{1,20}$/.test(options.demoTag))
      throw new Error('--demo-tag must be 1-20 characters (an OCPP IdToken)');
  }
  return options;
}
