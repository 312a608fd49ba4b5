// Benchmark: Lighthouse mobile performance of the map home with the 300 demo stations, in
// Debian's Chromium (Lighthouse's default mobile emulation and throttling).
//
//   npm run build -w @evcharge/web && npm run lighthouse -w @evcharge/bench [-- --runs 3]
//
// --cpu-slowdown N sets the simulated CPU slowdown (Lighthouse's mobile default: 4): 8 on a
// fast machine shows what the default shows on a machine half as fast (a slower phone).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, startDemoServer } from './start-server';

// --save FILE writes the first run's full report (JSON), and FILE.trace.json its trace, for a
// closer look.
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, save: { type: 'string' }, 'cpu-slowdown': { type: 'string', default: '4' } },
});
const runs = Number(values.runs);
const cpuSlowdownMultiplier = Number(values['cpu-slowdown']);
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const server = await startDemoServer(18491);
const userDataDir = mkdtempSync(join(tmpdir(), 'evcharge-lh-'));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: chromiumArgs,
  userDataDir,
});
try {
  const scores: number[] = [];
  const blocking: number[] = [];
  console.log('| run | performance | FCP ms | LCP ms | TBT ms | CLS | SI ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (let run = 1; run <= runs; run += 1) {
    const result = await lighthouse(`${server.baseUrl}/?locale=en`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      throttling: { cpuSlowdownMultiplier },
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) {
      console.log(`| ${run} | failed: ${lhr.runtimeError.code} | | | | | |`);
      continue;
    }
    if (run === 1) {
      if (values.save) {
        writeFileSync(values.save, JSON.stringify(lhr));
        writeFileSync(`${values.save}.trace.json`, JSON.stringify((artifacts as { Trace?: unknown }).Trace ?? null));
      }
      printDiagnostics(lhr.audits);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    scores.push(score);
    blocking.push(Math.round(audit('total-blocking-time')));
    console.log(
      `| ${run} | ${score} | ${Math.round(audit('first-contentful-paint'))} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} | ${Math.round(audit('speed-index'))} |`,
    );
  }
  if (scores.length === 0) throw new Error('every Lighthouse run failed');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const slowdown = cpuSlowdownMultiplier === 4 ? '' : ` at ${cpuSlowdownMultiplier} × CPU slowdown (default 4)`;
  console.log(`\nmedian Lighthouse mobile performance over ${scores.length} runs${slowdown}: ${median(scores)} (target ≥ 95)`);
  console.log(`median Total Blocking Time: ${median(blocking)} ms (target ≤ 200 ms)`);
} finally {
  chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true });
  await server.stop();
}

type Audits = Record<string, { details?: unknown } | undefined>;

/** The first run's why: the LCP element and its phases, script time per file, long tasks. */
function printDiagnostics(audits: Audits): void {
  const details = <T>(id: string) => audits[id]?.details as { items?: T[] } | undefined;
  const lcp = details<{ items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }>('largest-contentful-paint-element');
  console.log(`<!-- LCP element: ${lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? 'unknown'} -->`);
  const phases = (lcp?.items?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(', ');
  if (phases) console.log(`<!-- LCP phases (ms): ${phases} -->`);
  const work = details<{ groupLabel: string; duration: number }>('mainthread-work-breakdown');
  console.log(`<!-- main thread (ms): ${(work?.items ?? []).map((i) => `${i.groupLabel} ${Math.round(i.duration)}`).join(', ')} -->`);
  for (const item of (details<{ url: string; scripting: number }>('bootup-time')?.items ?? []).slice(0, 5)) {
    console.log(`<!-- script time: ${shortUrl(item.url)} ${Math.round(item.scripting)} ms -->`);
  }
  for (const task of (details<{ url: string; startTime: number; duration: number }>('long-tasks')?.items ?? []).slice(0, 10)) {
    console.log(`<!-- long task: ${shortUrl(task.url)} at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms -->`);
  }
}
