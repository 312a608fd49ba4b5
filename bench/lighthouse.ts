// Benchmark: Lighthouse mobile performance of the map home with the 300 demo stations, in
// Debian's Chromium (Lighthouse's default mobile emulation and throttling).
//
//   npm run build -w @evcharge/web && npm run lighthouse -w @evcharge/bench [-- --runs 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, startDemoServer } from './start-server';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const server = await startDemoServer(18491);
const userDataDir = mkdtempSync(join(tmpdir(), 'evcharge-lh-'));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: chromiumArgs,
  userDataDir,
});
try {
  const scores: number[] = [];
  console.log('| run | performance | FCP ms | LCP ms | TBT ms | CLS | SI ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (let run = 1; run <= runs; run += 1) {
    const result = await lighthouse(`${server.baseUrl}/?locale=en`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) {
      console.log(`| ${run} | failed: ${lhr.runtimeError.code} | | | | | |`);
      continue;
    }
    if (run === 1) {
      const lcp = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
      console.log(`<!-- LCP element: ${lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? 'unknown'} -->`);
      const boot = lhr.audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined;
      for (const item of (boot?.items ?? []).slice(0, 4)) console.log(`<!-- script time: ${item.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(item.scripting)} ms -->`);
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    scores.push(score);
    console.log(
      `| ${run} | ${score} | ${Math.round(audit('first-contentful-paint'))} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} | ${Math.round(audit('speed-index'))} |`,
    );
  }
  if (scores.length === 0) throw new Error('every Lighthouse run failed');
  const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
  console.log(`\nmedian Lighthouse mobile performance over ${scores.length} runs: ${median} (target ≥ 95)`);
} finally {
  chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true });
  await server.stop();
}
