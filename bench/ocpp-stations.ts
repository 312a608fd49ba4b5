// A worker process of the OCPP load benchmark (ocpp-load.ts forks it): plays its share of the
// charge points with the station simulator (apps/station-sim), starts a transaction on each,
// and records the round trip of every call it makes (CALL → CALLRESULT, real time). Told what
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
  /** Start the transactions evenly over `spreadMs`, so MeterValues arrive at a steady rate. */
  | { type: 'charge'; spreadMs: number }
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

async function charge(spreadMs: number) {
  const startedMs = performance.now();
  const refused: string[] = [];
  let accepted = 0;
  await Promise.all(
    stations.map(async (station, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * spreadMs) / stations.length));
      // A car big enough not to fill up during the run, on connector 1, and the driver's card.
      station.plug(1, { batteryKwh: 100, socPercent: 20, maxAcKw: 11, maxDcKw: 150 });
      const answer = station.next('transactionAccepted', undefined, 60_000);
      const outcome = await station.presentTag(plan[index]!.idTag, 1);
      if (outcome.outcome !== 'started') {
        answer.catch(() => undefined);
        refused.push(`${station.id}: ${JSON.stringify(outcome)}`);
        return;
      }
      const { idTagStatus } = await answer;
      if (idTagStatus === 'Accepted') accepted++;
      else refused.push(`${station.id}: StartTransaction ${idTagStatus}`);
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
      charge(command.spreadMs).catch(fail);
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
      void Promise.all(stations.map((s) => s.close())).then(() => {
        reply({ type: 'stopped' });
        process.exit(0);
      });
      break;
  }
});
