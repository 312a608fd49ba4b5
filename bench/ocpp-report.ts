// The OCPP load benchmark's figures (ocpp-load.ts): what /proc said every second of the
// window, and the table printed from it, the server's metrics and the workers' recordings.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { WorkerReply } from './ocpp-stations';
import type { Worker } from './ocpp-setup';
import {
  busiestOthers,
  histogram,
  histogramDiff,
  histogramMaxBucket,
  histogramQuantile,
  machineCpuSeconds,
  mb,
  percentile,
  processCpuSeconds,
  processMemory,
  total,
  type Sample,
} from './ocpp-stats';

/** What the window's samples say, per second, for the server and the station workers. */
export type Tick = {
  atMs: number;
  serverCpu: number;
  workersCpu: number;
  /** This process and the tsx process that started it. */
  benchCpu: number;
  machine: { busy: number; total: number };
  rssBytes: number;
};

export function sampleTick(server: ChildProcess, workers: Worker[]): Tick {
  return {
    atMs: performance.now(),
    serverCpu: processCpuSeconds(server.pid!) ?? NaN,
    workersCpu: workers.reduce((sum, w) => sum + (processCpuSeconds(w.child.pid!) ?? 0), 0),
    benchCpu: (processCpuSeconds(process.pid) ?? 0) + (processCpuSeconds(process.ppid) ?? 0),
    machine: machineCpuSeconds(),
    rssBytes: processMemory(server.pid!).rssBytes,
  };
}

const ms = (secondsValue: number) => (secondsValue * 1000).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export type Run = {
  count: number;
  meterIntervalMs: number;
  isPostgres: boolean;
  /** Where to write every MeterValues round trip (answered at, ms), if anywhere. */
  tracePath?: string;
  /** Sessions' average length when they start and stop during the run. */
  sessionMs?: number;
  /** Starts of the ramp that were refused or not answered (before the window). */
  failedStarts?: number;
};

/** Prints the figures of the window as a table; errors make the exit code 1. */
export function report(
  run: Run,
  r: {
    before: Sample[];
    after: Sample[];
    ticks: Tick[];
    gauges: number[];
    windows: Extract<WorkerReply, { type: 'window' }>[];
    others: ReturnType<typeof busiestOthers>;
    server: ChildProcess;
    database?: string;
  },
) {
  const first = r.ticks[0]!;
  const last = r.ticks.at(-1)!;
  const windowSeconds = (last.atMs - first.atMs) / 1000;
  const name = 'ocpp_message_duration_seconds';
  const meter = histogramDiff(
    histogram(r.before, name, { action: 'MeterValues' }),
    histogram(r.after, name, { action: 'MeterValues' }),
  );
  const every = histogramDiff(histogram(r.before, name), histogram(r.after, name));
  const messages = (where: Record<string, string>) =>
    total(r.after, 'ocpp_messages_total', where) - total(r.before, 'ocpp_messages_total', where);
  const handled = messages({ direction: 'in' });
  const serverErrors = messages({ direction: 'in', outcome: 'error' });
  const byAction = new Map<string, number>();
  for (const s of r.after.filter(
    (s) => s.name === 'ocpp_messages_total' && s.labels.direction === 'in',
  )) {
    const action = s.labels.action ?? '?';
    byAction.set(
      action,
      (byAction.get(action) ?? 0) +
        messages({ direction: 'in', action, outcome: s.labels.outcome ?? '' }),
    );
  }
  const roundTrips = r.windows.flatMap((w) => w.roundTripsMs.MeterValues ?? []);
  // Sending times: how steady the load really was (a charge point samples on its own clock).
  const sentAtMs = r.windows
    .flatMap((w) => w.meterAnsweredAtMs.map((at, i) => at - (w.roundTripsMs.MeterValues?.[i] ?? 0)))
    .sort((a, b) => a - b);
  const slots = new Map<number, number>();
  for (const at of sentAtMs)
    slots.set(Math.floor(at / 100), (slots.get(Math.floor(at / 100)) ?? 0) + 1);
  const busiestSlot = Math.max(0, ...slots.values());
  if (run.tracePath) {
    const answeredAt = r.windows.flatMap((w) => w.meterAnsweredAtMs);
    writeFileSync(run.tracePath, JSON.stringify(answeredAt.map((at, i) => [at, roundTrips[i]])));
  }
  const allRoundTrips = r.windows.flatMap((w) => Object.values(w.roundTripsMs).flat());
  const simErrors: Record<string, number> = {};
  for (const w of r.windows)
    for (const [k, v] of Object.entries(w.errors)) simErrors[k] = (simErrors[k] ?? 0) + v;
  const simErrorCount = Object.values(simErrors).reduce((a, b) => a + b, 0);
  const disconnects = r.windows.reduce((n, w) => n + w.disconnects, 0);
  const online = r.windows.reduce((n, w) => n + w.online, 0);

  const perSecond = r.ticks
    .slice(1)
    .map(
      (t, i) =>
        ((t.serverCpu - r.ticks[i]!.serverCpu) / ((t.atMs - r.ticks[i]!.atMs) / 1000)) * 100,
    );
  const serverCpu = ((last.serverCpu - first.serverCpu) / windowSeconds) * 100;
  const workersCpu = ((last.workersCpu - first.workersCpu) / windowSeconds) * 100;
  const benchCpu = ((last.benchCpu - first.benchCpu) / windowSeconds) * 100;
  const cores = (last.machine.total - first.machine.total) / windowSeconds;
  // In % of one core like the figures above: a saturated 2-core machine is 200 %.
  const machineBusy = ((last.machine.busy - first.machine.busy) / windowSeconds) * 100;
  const ours = serverCpu + workersCpu + benchCpu;
  const memory = processMemory(r.server.pid!);
  const heap = (samples: Sample[]) => total(samples, 'nodejs_heap_size_used_bytes');
  const lagP99 = total(r.after, 'nodejs_eventloop_lag_p99_seconds');
  const q = (h: typeof meter, p: number) => {
    const { seconds: s, bucket } = histogramQuantile(h, p);
    return `${ms(s)} ms (bucket ≤ ${ms(bucket)} ms)`;
  };
  const isDatabase = (o: { name: string }) =>
    r.database !== undefined && o.name.includes(r.database);
  const databaseCpu = r.others.filter(isDatabase).reduce((sum, o) => sum + o.percentOfCore, 0);
  const others = r.others.filter((o) => !isDatabase(o) && o.percentOfCore >= 1).slice(0, 5);
  const rows: [string, string][] = [
    [
      'charge points connected (server gauge, min over the window / end)',
      `${Math.min(...r.gauges)} / ${r.gauges.at(-1)} (simulator: ${online} online)`,
    ],
    [
      'messages handled by the server',
      `${fmt(handled)} in ${windowSeconds.toFixed(0)} s = ${(handled / windowSeconds).toFixed(1)}/s (${[
        ...byAction,
      ]
        .filter(([, n]) => n > 0)
        .map(([a, n]) => `${a} ${fmt(n)}`)
        .join(', ')})`,
    ],
    [
      'server handling, MeterValues: p50 / p99 / max (its histogram)',
      `${q(meter, 0.5)} / ${q(meter, 0.99)} / ≤ ${ms(histogramMaxBucket(meter))} ms; mean ${ms(meter.sum / meter.count)} ms`,
    ],
    [
      'server handling, every action: p50 / p99 / max',
      `${q(every, 0.5)} / ${q(every, 0.99)} / ≤ ${ms(histogramMaxBucket(every))} ms`,
    ],
    // Every message type the window saw, on its own: the server's handling and the round trip.
    ...[...byAction.keys()]
      .filter((action) => action !== 'MeterValues')
      .sort()
      .flatMap((action): [string, string][] => {
        const h = histogramDiff(
          histogram(r.before, name, { action }),
          histogram(r.after, name, { action }),
        );
        if (h.count === 0) return [];
        const trips = r.windows.flatMap((w) => w.roundTripsMs[action] ?? []);
        return [
          [
            `server handling, ${action}: p50 / p99 / max; round trip p99`,
            `${q(h, 0.5)} / ${q(h, 0.99)} / ≤ ${ms(histogramMaxBucket(h))} ms (${fmt(h.count)} messages); round trip p99 ${trips.length ? `${percentile(trips, 0.99).toFixed(1)} ms` : '-'}`,
          ],
        ];
      }),
    [
      'round trip at the charge points, MeterValues: p50 / p99 / max',
      `${percentile(roundTrips, 0.5).toFixed(1)} / ${percentile(roundTrips, 0.99).toFixed(1)} / ${Math.max(...roundTrips).toFixed(1)} ms (${fmt(roundTrips.length)} calls)`,
    ],
    [
      'round trip, every call: p50 / p99 / max',
      `${percentile(allRoundTrips, 0.5).toFixed(1)} / ${percentile(allRoundTrips, 0.99).toFixed(1)} / ${Math.max(...allRoundTrips).toFixed(1)} ms`,
    ],
    [
      'load shape: MeterValues sent per 100 ms',
      `${((sentAtMs.length / windowSeconds) * 0.1).toFixed(1)} on average, ${busiestSlot} at most`,
    ],
    [
      'errors',
      `${serverErrors + simErrorCount + disconnects + (run.failedStarts ?? 0)} (server outcome=error ${serverErrors}; simulator: ${simErrorCount} failed calls${simErrorCount ? ` ${JSON.stringify(simErrors)}` : ''}, ${disconnects} disconnects; starts before the window refused or unanswered: ${run.failedStarts ?? 0})`,
    ],
    [
      'server CPU (% of one core)',
      `${serverCpu.toFixed(1)} % average; busiest second ${Math.max(...perSecond).toFixed(0)} %, p90 second ${percentile(perSecond, 0.9).toFixed(0)} %`,
    ],
    [
      'server memory (RSS)',
      `${mb(first.rssBytes)} MB at the start, ${mb(Math.max(...r.ticks.map((t) => t.rssBytes)))} MB peak, ${mb(last.rssBytes)} MB at the end (VmHWM since start-up ${mb(memory.peakRssBytes)} MB)`,
    ],
    [
      'server JS heap used (metrics)',
      `${mb(heap(r.before))} MB → ${mb(heap(r.after))} MB; event-loop lag p99 ${ms(lagP99)} ms`,
    ],
    ...(r.database
      ? [
          [
            "PostgreSQL backends of the benchmark's database (% of one core)",
            `${databaseCpu.toFixed(1)} %`,
          ] as [string, string],
        ]
      : []),
    [
      'station workers CPU (% of one core)',
      `${workersCpu.toFixed(1)} % (${r.windows.length} process${r.windows.length > 1 ? 'es' : ''})`,
    ],
    [
      'machine (% of one core)',
      `${cores.toFixed(0)} cores, ${machineBusy.toFixed(0)} % of ${(cores * 100).toFixed(0)} % busy: server, ${r.database ? 'its PostgreSQL backends, ' : ''}workers and bench ${(ours + databaseCpu).toFixed(0)} %, everything else ${(machineBusy - ours - databaseCpu).toFixed(0)} % (other sessions on this machine, the kernel); load average at the end ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    ],
    [
      'other processes seen here over 1 % of a core',
      others.length
        ? others.map((o) => `${o.name} ${o.percentOfCore.toFixed(0)} %`).join('; ')
        : 'none',
    ],
  ];
  console.log(
    `\n${run.count} charge points, ${(run.meterIntervalMs / 1000).toFixed(0)} s MeterValues${run.sessionMs ? `, sessions of ${(run.sessionMs / 1000).toFixed(0)} s on average` : ''}, ${windowSeconds.toFixed(0)} s measured, ${run.isPostgres ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log('| figure | value |');
  console.log('|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  const expectedPerSecond = (run.count * 1000) / run.meterIntervalMs;
  const errors = serverErrors + simErrorCount + disconnects + (run.failedStarts ?? 0);
  console.log(
    `\nMeterValues at ${((byAction.get('MeterValues') ?? 0) / windowSeconds).toFixed(1)}/s (expected ${expectedPerSecond.toFixed(0)}/s): server handling p99 ${q(meter, 0.99)}, round trip p99 ${percentile(roundTrips, 0.99).toFixed(0)} ms at the charge points; server ${serverCpu.toFixed(0)} % of a core, RSS peak ${mb(Math.max(...r.ticks.map((t) => t.rssBytes)))} MB; ${errors === 0 ? 'no errors' : `${errors} ERRORS`}`,
  );
  if (errors > 0) process.exitCode = 1;
}
