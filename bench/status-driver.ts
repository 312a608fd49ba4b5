// A worker process of the station search benchmark (api-filtered.ts forks it): plays charge
// points with the station simulator (apps/station-sim) over real OCPP 1.6 WebSockets, and once
// told to, has each of them change a connector's status every `periodMs` on average (a car
// plugged in: Available → Preparing; driven off: back to Available). Every change is a
// StatusNotification through the server's own path (database, then the read model).
import { createStation, type ConnectorSpec, type Station } from '../apps/station-sim/src/station';

export type DriverStation = { id: string; password: string; connectors: ConnectorSpec[] };

export type DriverCommand =
  | { type: 'connect'; url: string; stations: DriverStation[]; concurrency: number }
  | { type: 'start'; periodMs: number }
  | { type: 'count' }
  | { type: 'stop' };

export type DriverReply =
  | { type: 'connected'; connected: number; failed: string[]; ms: number }
  | { type: 'started' }
  /** Status changes the simulator sent since start, and how many the server answered. */
  | { type: 'counted'; changes: number; answered: number; errors: number }
  | { type: 'stopped' };

const reply = (message: DriverReply) => process.send?.(message);

let stations: Station[] = [];
const timers: NodeJS.Timeout[] = [];
let changes = 0;
let answered = 0;
let errors = 0;

async function connect(command: Extract<DriverCommand, { type: 'connect' }>) {
  const startedMs = performance.now();
  stations = command.stations.map((station) => {
    const sim = createStation({
      url: command.url,
      id: station.id,
      password: station.password,
      connectors: station.connectors,
      model: 'bench-station',
      reconnectDelayMs: { initial: 1000, max: 10_000 },
      log: (line) => {
        if (line.includes(' ✗ ') || line.includes('not answered')) errors++;
      },
    });
    sim.on('sent', ({ action }) => {
      if (action === 'StatusNotification') answered++;
    });
    return sim;
  });
  const failed: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(command.concurrency, stations.length) }, async () => {
      while (next < stations.length) {
        const station = stations[next++]!;
        try {
          await station.connect({ timeoutMs: 120_000 });
        } catch (error) {
          failed.push(`${station.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  reply({
    type: 'connected',
    connected: stations.length - failed.length,
    failed,
    ms: performance.now() - startedMs,
  });
}

function start(periodMs: number) {
  answered = 0;
  for (const [index, station] of stations.entries()) {
    const count = station.connectors().length;
    let turn = index;
    const change = () => {
      const connector = (turn++ % count) + 1;
      // A car arrives at a free connector, or leaves: Available ↔ Preparing.
      if (station.connector(connector).status === 'Available') station.plug(connector);
      else station.unplug(connector);
      changes++;
    };
    // Spread evenly over the period, so changes arrive at a steady rate.
    const first = setTimeout(
      () => {
        change();
        timers.push(setInterval(change, periodMs));
      },
      (index * periodMs) / stations.length,
    );
    timers.push(first);
  }
  reply({ type: 'started' });
}

process.on('message', (command: DriverCommand) => {
  if (command.type === 'connect') void connect(command);
  else if (command.type === 'start') start(command.periodMs);
  else if (command.type === 'count') reply({ type: 'counted', changes, answered, errors });
  else {
    for (const timer of timers) clearTimeout(timer);
    void Promise.all(stations.map((station) => station.close())).then(() => {
      reply({ type: 'stopped' });
      process.exit(0);
    });
  }
});
