// A worker process of the OCPP load benchmark (ocpp-load.ts forks it): plays its share of the
// charge points with the station simulator (apps/station-sim), starts a transaction on each
// (and, with a session length, ends it by unplugging the car and starts the next one), and records the round trip of every call it makes (CALL → CALLRESULT, real time). Told what
// to do over IPC, one phase at a time.
import { createStation, type ConnectorSpec, type Station } from '../apps/station-sim/src/station';

export type WorkerStation = {
  id: string;
  password: string;
  connectors: ConnectorSpec[];
  idTag: string;
};

export type WorkerCommand =
  | {
      type: 'connect';
      url: string;
      meterIntervalMs: number;
      stations: WorkerStation[];
      concurrency: number;
    }
  /**
   * Start the transactions evenly over `spreadMs`, so MeterValues arrive at a steady rate. With
   * `sessionMs`, each session lasts that long on average (half to one and a half times), then
   * the car is unplugged (StopTransaction, StatusNotifications) and, `idleMs` later, plugged in
   * again for the next session (StatusNotifications, Authorize, StartTransaction).
   */
  | { type: 'charge'; spreadMs: number; sessionMs?: number; idleMs?: number }
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'stop' };

export type WindowReport = {
  /** Round trips in ms, by action, inside the window. */
  roundTripsMs: Record<string, number[]>;
  /** When each MeterValues answer came (epoch ms), beside `roundTripsMs.MeterValues`. */
  meterAnsweredAtMs: number[];
  /** Calls that failed (no answer, CALLERROR, schema violation), by what the log said. */
  errors: Record<string, number>;
  disconnects: number;
  online: number;
};

export type WorkerReply =
  | { type: 'connected'; connected: number; failed: string[]; ms: number }
  | { type: 'charging'; accepted: number; refused: string[]; ms: number }
  | { type: 'window-started' }
  | ({ type: 'window'; stations: number } & WindowReport)
  | { type: 'stopped' };

const reply = (message: WorkerReply) => process.send?.(message);

let stations: Station[] = [];
let plan: WorkerStation[] = [];
let isRecording = false;
let isStopping = false;
let recorded: WindowReport = {
  roundTripsMs: {},
  meterAnsweredAtMs: [],
  errors: {},
  disconnects: 0,
  online: 0,
};

function countError(kind: string) {
  if (isRecording) recorded.errors[kind] = (recorded.errors[kind] ?? 0) + 1;
}

// The simulator logs every failure; the benchmark counts them instead of printing them.
function onLog(line: string) {
  if (line.includes(' ✗ ')) countError(line.replace(/^.* ✗ (\w+): .*$/, 'call failed: $1'));
  else if (line.includes('schema violation')) countError('schema violation');
  else if (line.includes(' refused: ')) countError('refused');
  else if (line.includes('not answered')) countError('not answered');
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function connect(command: Extract<WorkerCommand, { type: 'connect' }>) {
  const startedMs = performance.now();
  plan = command.stations;
  stations = plan.map((station) => {
    const sim = createStation({
      url: command.url,
      id: station.id,
      password: station.password,
      connectors: station.connectors,
      meterIntervalMs: command.meterIntervalMs,
      model: 'bench-station',
      reconnectDelayMs: { initial: 1000, max: 10_000 },
      log: onLog,
    });
    sim.on('sent', ({ action, durationMs }) => {
      if (!isRecording) return;
      (recorded.roundTripsMs[action] ??= []).push(durationMs);
      if (action === 'MeterValues') recorded.meterAnsweredAtMs.push(Date.now());
    });
    sim.on('disconnected', () => {
      if (isRecording) recorded.disconnects++;
    });
    return sim;
  });
  const failed: string[] = [];
  await inBatches(stations, command.concurrency, async (station) => {
    try {
      await station.connect({ timeoutMs: 120_000 });
    } catch (error) {
      failed.push(`${station.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  reply({
    type: 'connected',
    connected: stations.length - failed.length,
    failed,
    ms: performance.now() - startedMs,
  });
}

/** A car big enough not to fill up during the run. */
const car = { batteryKwh: 100, socPercent: 20, maxAcKw: 11, maxDcKw: 150 };

/** Plugs the car into connector 1 and presents the driver's card: the transaction's answer. */
async function startSession(station: Station, idTag: string): Promise<string | undefined> {
  station.plug(1, car);
  const answer = station.next('transactionAccepted', undefined, 120_000);
  const outcome = await station.presentTag(idTag, 1);
  if (outcome.outcome !== 'started') {
    answer.catch(() => undefined);
    return JSON.stringify(outcome);
  }
  const { idTagStatus } = await answer;
  return idTagStatus === 'Accepted' ? undefined : `StartTransaction ${idTagStatus}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sessions one after another on a charge point until the benchmark stops. */
async function sessionsAfter(station: Station, idTag: string, sessionMs: number, idleMs: number) {
  while (!isStopping) {
    await sleep(sessionMs * (0.5 + Math.random()));
    if (isStopping || !station.isOnline()) continue;
    try {
      const stopped = station.next('transactionStopped', undefined, 60_000);
      station.unplug(1);
      await stopped;
      await sleep(idleMs);
      if (isStopping) return;
      const refused = await startSession(station, idTag);
      if (refused) countError(`start refused: ${refused}`);
    } catch (error) {
      countError(`session cycle: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function charge(command: Extract<WorkerCommand, { type: 'charge' }>) {
  const { spreadMs, sessionMs, idleMs = 5000 } = command;
  const startedMs = performance.now();
  const refused: string[] = [];
  let accepted = 0;
  await Promise.all(
    stations.map(async (station, index) => {
      await sleep((index * spreadMs) / stations.length);
      // On connector 1, with the driver's card.
      const idTag = plan[index]!.idTag;
      // A start the server does not answer in time is a failure of the run, not of the worker.
      const refusal = await startSession(station, idTag).catch((error: unknown) =>
        error instanceof Error ? error.message : String(error),
      );
      if (refusal) {
        refused.push(`${station.id}: ${refusal}`);
        return;
      }
      accepted++;
      if (sessionMs) void sessionsAfter(station, idTag, sessionMs, idleMs);
    }),
  );
  reply({ type: 'charging', accepted, refused, ms: performance.now() - startedMs });
}

process.on('message', (command: WorkerCommand) => {
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  switch (command.type) {
    case 'connect':
      connect(command).catch(fail);
      break;
    case 'charge':
      charge(command).catch(fail);
      break;
    case 'window-start':
      recorded = {
        roundTripsMs: {},
        meterAnsweredAtMs: [],
        errors: {},
        disconnects: 0,
        online: 0,
      };
      isRecording = true;
      reply({ type: 'window-started' });
      break;
    case 'window-end':
      isRecording = false;
      recorded.online = stations.filter((s) => s.isOnline()).length;
      reply({ type: 'window', stations: stations.length, ...recorded });
      break;
    case 'stop':
      isStopping = true;
      void Promise.all(stations.map((s) => s.close())).then(() => {
        reply({ type: 'stopped' });
        process.exit(0);
      });
      break;
  }
});
