// `npm run sim -w @evcharge/station-sim -- …`: simulated charge points with readable logs,
// driven from stdin (plug, tag, emergency …).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseCliArgs, usage } from './cli-args';
import { runConsoleCommand } from './console-commands';
import { parseStationList, runDemoStations, type DemoStation } from './demo';

function timestamp(): string {
  return new Date().toISOString().slice(11, 23);
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if (options.isHelp) {
    console.log(usage);
    return;
  }
  const stations: DemoStation[] = options.stationsFile
    ? // npm runs workspace scripts in the package folder; INIT_CWD is where the command was typed.
      parseStationList(
        readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), options.stationsFile), 'utf8'),
      )
    : [{ id: options.id!, password: options.password!, connectors: options.connectors }];
  // Quiet: only what a person watching the demo wants to see.
  const isInteresting = (line: string) => !options.isQuiet || !/ [→←⇐✗] /.test(line);
  const run = runDemoStations({
    url: options.url,
    stations,
    speed: options.speed,
    meterIntervalMs: options.meterIntervalMs,
    statusMix: options.hasStatusMix,
    idTag: options.demoTag,
    carLeavesAfterMs: options.carLeavesAfterMs,
    log: (line) => {
      if (isInteresting(line)) console.log(`${timestamp()} ${line}`);
    },
    stationOptions: {
      rejectCommands: options.isRejectingCommands,
      faults: options.faults,
      ...(options.isAutoPlug ? {} : { autoPlug: false }),
    },
  });
  console.log(
    `${timestamp()} ${stations.length} charge point(s) → ${options.url}/{id} (speed ×${options.speed}); type "help" for commands`,
  );

  for (const station of stations) {
    if (station.claim)
      console.log(
        `${timestamp()} ${station.id} is a private station waiting for its owner: add it in the app (My stations) with code ${station.claim.code} and secret ${station.claim.secret}`,
      );
  }

  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    await run.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    runConsoleCommand(run.stations, line).then(
      (answer) => answer && console.log(answer),
      (error: unknown) =>
        console.log(`! ${error instanceof Error ? error.message : String(error)}`),
    );
  });
}

void main();
