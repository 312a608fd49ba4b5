// What the OCPP load benchmark reads while it runs: the server's Prometheus text (GET
// /metrics), CPU and memory of processes from /proc, and percentiles of what it recorded.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// --- Prometheus text exposition --------------------------------------------------------------

export type Sample = { name: string; labels: Record<string, string>; value: number };

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

export async function scrape(baseUrl: string): Promise<Sample[]> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** The sum of every sample of `name` whose labels include `where`. */
export function total(samples: Sample[], name: string, where: Record<string, string> = {}) {
  return samples
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Cumulative bucket counts by upper bound (seconds), summed over the series that match. */
export type Histogram = { bounds: number[]; counts: number[]; count: number; sum: number };

export function histogram(samples: Sample[], name: string, where: Record<string, string> = {}) {
  const matches = (s: Sample) => Object.entries(where).every(([k, v]) => s.labels[k] === v);
  const byBound = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== `${name}_bucket` || !matches(s)) continue;
    const bound = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
    byBound.set(bound, (byBound.get(bound) ?? 0) + s.value);
  }
  const bounds = [...byBound.keys()].sort((a, b) => a - b);
  return {
    bounds,
    counts: bounds.map((b) => byBound.get(b) ?? 0),
    count: total(samples, `${name}_count`, where),
    sum: total(samples, `${name}_sum`, where),
  };
}

/** What happened between two scrapes. */
export function histogramDiff(before: Histogram, after: Histogram): Histogram {
  return {
    bounds: after.bounds,
    counts: after.counts.map(
      (c, i) => c - (before.counts[before.bounds.indexOf(after.bounds[i]!)] ?? 0),
    ),
    count: after.count - before.count,
    sum: after.sum - before.sum,
  };
}

/**
 * A quantile from cumulative buckets, interpolated linearly inside its bucket as Prometheus'
 * histogram_quantile does; `bucket` is the upper bound it falls under (the honest figure).
 */
export function histogramQuantile(h: Histogram, q: number): { seconds: number; bucket: number } {
  const rank = q * h.count;
  for (let i = 0; i < h.bounds.length; i++) {
    const cumulative = h.counts[i]!;
    if (cumulative < rank) continue;
    const upper = h.bounds[i]!;
    const lower = i === 0 ? 0 : h.bounds[i - 1]!;
    const below = i === 0 ? 0 : h.counts[i - 1]!;
    if (upper === Infinity) return { seconds: lower, bucket: upper };
    const inBucket = cumulative - below;
    const seconds = inBucket === 0 ? upper : lower + ((upper - lower) * (rank - below)) / inBucket;
    return { seconds, bucket: upper };
  }
  return { seconds: NaN, bucket: NaN };
}

/** The upper bound of the highest bucket anything fell into: the histogram's "max". */
export function histogramMaxBucket(h: Histogram): number {
  for (let i = 0; i < h.bounds.length; i++) if (h.counts[i]! >= h.count) return h.bounds[i]!;
  return Infinity;
}

// --- /proc ---------------------------------------------------------------------------------

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU seconds a process used so far (every thread), or undefined once gone. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
  } catch {
    return undefined;
  }
}

/** CPU seconds of a process and its children (a server's INSTANCES), read from /proc. */
export function processTreeCpuSeconds(pid: number): number | undefined {
  const own = processCpuSeconds(pid);
  if (own === undefined) return undefined;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // No children file (an older kernel): the process alone.
  }
  return children.reduce((sum, child) => sum + (processTreeCpuSeconds(child) ?? 0), own);
}

/** Resident memory now and its peak over the process's life (VmHWM), in bytes. */
export function processMemory(pid: number): { rssBytes: number; peakRssBytes: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssBytes: kb('VmRSS') * 1024, peakRssBytes: kb('VmHWM') * 1024 };
}

/** Busy and total CPU seconds of the whole machine (all cores). */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const all = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (all - idle) / clockTicksPerSecond, total: all / clockTicksPerSecond };
}

export type ProcessTable = Map<number, { name: string; cpuSeconds: number }>;

/** Every process's CPU so far, to tell afterwards what else ran during a window. */
export function processTable(): ProcessTable {
  const table: ProcessTable = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const cpuSeconds = processCpuSeconds(pid);
    if (cpuSeconds === undefined) continue;
    let name = '';
    try {
      name = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (!name) name = `[${/\((.*)\)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1]}]`;
    } catch {
      continue;
    }
    table.set(pid, { name: name.length > 90 ? `${name.slice(0, 87)}…` : name, cpuSeconds });
  }
  return table;
}

/** The processes (other than `own`) that used the most CPU between two tables. */
export function busiestOthers(
  before: ProcessTable,
  after: ProcessTable,
  own: ReadonlySet<number>,
  seconds: number,
): { pid: number; name: string; percentOfCore: number }[] {
  const rows: { pid: number; name: string; percentOfCore: number }[] = [];
  for (const [pid, { name, cpuSeconds }] of after) {
    if (own.has(pid)) continue;
    const used = cpuSeconds - (before.get(pid)?.cpuSeconds ?? 0);
    if (used > 0) rows.push({ pid, name, percentOfCore: (used / seconds) * 100 });
  }
  return rows.sort((a, b) => b.percentOfCore - a.percentOfCore);
}

// --- percentiles of recorded durations -----------------------------------------------------

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
